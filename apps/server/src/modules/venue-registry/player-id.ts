/** The player id a venue knows a member by. */
export const playerIdOf = (memberId: number): string => `n${memberId}`;
export function memberIdOfPlayer(playerId: string): number | null {
  const m = /^n([1-9]\d{0,9})$/.exec(playerId);
  return m ? Number(m[1]) : null;
}
