#!/usr/bin/env python3
"""Golden vectors for the provably fair algorithm (docs/contract.md section 10).

An implementation independent of the TypeScript one in packages/protocol/src/fair/: written
again from the algorithm's text with Python's standard hashlib and hmac only. Its output is
committed as packages/protocol/src/fair/golden-vectors.json and the protocol tests assert the
TypeScript code reproduces every value.

    python3 scripts/fair/golden-vectors.py > packages/protocol/src/fair/golden-vectors.json
    npx prettier --write packages/protocol/src/fair/golden-vectors.json

(prettier only re-indents; the values are the script's.)
"""
import hashlib
import hmac
import json
import sys

TWO_32 = 2 ** 32


def sha256(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


def fixed_seed(label: str) -> bytes:
    """A fixed 32-byte seed for the vectors (any 32 bytes would do; these are reproducible)."""
    return sha256(("nebula golden vectors: " + label).encode("utf-8"))


class Stream:
    """Block k = HMAC_SHA256(key = lowercase hex of the seed as ASCII, message + ":" + k);
    each block is eight big-endian unsigned 32-bit integers, used in order."""

    def __init__(self, seed: bytes, message: str):
        self.key = seed.hex().encode("ascii")
        self.message = message
        self.k = 0
        self.pending = []
        self.blocks = []
        self.draws = []
        self.swaps = []

    def next_u32(self) -> int:
        if not self.pending:
            text = self.message + ":" + str(self.k)
            block = hmac.new(self.key, text.encode("utf-8"), hashlib.sha256).digest()
            words = [int.from_bytes(block[i : i + 4], "big") for i in range(0, 32, 4)]
            self.blocks.append({"k": self.k, "input": text, "hex": block.hex(), "words": words})
            self.pending = list(words)
            self.k += 1
        return self.pending.pop(0)

    def int(self, n: int) -> int:
        limit = TWO_32 - (TWO_32 % n)
        while True:
            u = self.next_u32()
            if u >= limit:
                self.draws.append({"n": n, "u": u, "rejected": True, "value": None})
                continue
            self.draws.append({"n": n, "u": u, "rejected": False, "value": u % n})
            return u % n

    def shuffle(self, items):
        a = list(items)
        for i in range(len(a) - 1, 0, -1):
            j = self.int(i + 1)
            self.swaps.append({"i": i, "j": j})
            a[i], a[j] = a[j], a[i]
        return a

    def trace(self):
        return {"blocks": self.blocks, "draws": self.draws, "swaps": self.swaps}


def k3(seed: bytes, message: str):
    s = Stream(seed, message)
    return [s.int(6) + 1 for _ in range(3)], s.trace()


def pk10(seed: bytes, message: str):
    s = Stream(seed, message)
    return s.shuffle(range(1, 11)), s.trace()


def ssc(seed: bytes, message: str):
    s = Stream(seed, message)
    return [s.int(10) for _ in range(5)], s.trace()


def chain(s_n: bytes, n: int):
    """[s_0, s_1, ..., s_N] with s_(k-1) = SHA256(s_k) over the 32 raw bytes."""
    links = [s_n]
    for _ in range(n):
        links.append(sha256(links[-1]))
    links.reverse()
    return links


def main():
    out = {
        "implementation": "scripts/fair/golden-vectors.py: Python "
        + sys.version.split()[0]
        + ", hashlib and hmac only",
    }

    player_seed = fixed_seed("server seed 1")
    out["commitments"] = [
        {"serverSeed": fixed_seed(label).hex(), "commitment": sha256(fixed_seed(label)).hex()}
        for label in ["server seed 1", "server seed 2", "server seed 3"]
    ]
    out["commitments"].append({"serverSeed": "00" * 32, "commitment": sha256(bytes(32)).hex()})

    out["blocks"] = []
    for message in ["abc:0", "nebula_Player-7:42", "JSK3:202611260001"]:
        s = Stream(player_seed, message)
        for _ in range(16):  # two blocks
            s.next_u32()
        out["blocks"].append({"seed": player_seed.hex(), "message": message, "blocks": s.blocks})

    # int(n): small n, n that is not a power of two, and n near 2^32 that forces rejections
    # (for 3,000,000,000 every u >= 3,000,000,000 is discarded: about 30 % of draws).
    out["ints"] = []
    for n, count, message in [
        (6, 24, "dice:0"),
        (10, 24, "digits:1"),
        (37, 24, "wheel:2"),
        (3_000_000_000, 40, "rejections:3"),
        (2_147_483_649, 40, "rejections:4"),
        (1, 4, "one:5"),
        (TWO_32, 10, "whole:6"),
    ]:
        s = Stream(player_seed, message)
        values = [s.int(n) for _ in range(count)]
        out["ints"].append(
            {
                "seed": player_seed.hex(),
                "message": message,
                "n": n,
                "count": count,
                "values": values,
                "draws": s.draws,
                "blocksUsed": len(s.blocks),
            }
        )

    out["shuffles"] = []
    for length, message in [(2, "pair:0"), (10, "cars:1"), (52, "deck:2"), (416, "shoe:3")]:
        s = Stream(player_seed, message)
        result = s.shuffle(range(length))
        out["shuffles"].append(
            {
                "seed": player_seed.hex(),
                "message": message,
                "length": length,
                "result": result,
                "swaps": s.swaps,
            }
        )

    s_n = fixed_seed("chain secret")
    links = chain(s_n, 10)
    out["chains"] = [
        {"n": 10, "secret": s_n.hex(), "links": [link.hex() for link in links]},
        {"n": 1000, "secret": s_n.hex(), "s0": chain(s_n, 1000)[0].hex(),
         "s500": chain(s_n, 1000)[500].hex()},
    ]

    out["games"] = []
    rounds = []
    for game, fn in [("JSK3", k3), ("JSPK10", pk10), ("JSSSC", ssc)]:
        for index, round_no in [(1, "202611260001"), (2, "202611260002"), (7, "202611261440")]:
            seed = links[index]
            message = game + ":" + round_no
            outcome, trace = fn(seed, message)
            out["games"].append(
                {
                    "game": game,
                    "roundNo": round_no,
                    "chainIndex": index,
                    "seed": seed.hex(),
                    "previousSeed": links[index - 1].hex(),
                    "message": message,
                    "outcome": outcome,
                    "trace": trace,
                }
            )
            rounds.append(
                {
                    "gameCode": game,
                    "roundNo": round_no,
                    "chainIndex": index,
                    "seed": seed.hex(),
                    "previousSeed": links[index - 1].hex(),
                    "outcome": outcome,
                }
            )
    # Per-player messages: clientSeed:nonce with the nonce in decimal.
    for nonce in [0, 1, 999]:
        message = "nebula_Player-7:" + str(nonce)
        outcome, trace = ssc(player_seed, message)
        out["games"].append(
            {
                "game": "JSSSC",
                "message": message,
                "seed": player_seed.hex(),
                "outcome": outcome,
                "trace": trace,
            }
        )
    out["rounds"] = rounds
    json.dump(out, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
