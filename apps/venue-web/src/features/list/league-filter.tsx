import { useState } from 'react';
import { Sheet } from '../../components/sheet';

/** 联赛筛选: which leagues of the current list to show. */
type Groups = readonly { leagueId: string; league: string; ids: readonly string[] }[];

export function LeagueFilter({
  open,
  groups,
  hidden,
  onClose,
  onApply,
}: {
  open: boolean;
  groups: Groups;
  hidden: ReadonlySet<string>;
  onClose: () => void;
  onApply: (hidden: ReadonlySet<string>) => void;
}) {
  return (
    <Sheet title="联赛筛选" open={open} onClose={onClose}>
      {/* Mounted on each opening: the draft starts from what the list shows. */}
      <FilterBody groups={groups} hidden={hidden} onApply={onApply} />
    </Sheet>
  );
}

function FilterBody({
  groups,
  hidden,
  onApply,
}: {
  groups: Groups;
  hidden: ReadonlySet<string>;
  onApply: (hidden: ReadonlySet<string>) => void;
}) {
  const [draft, setDraft] = useState<ReadonlySet<string>>(hidden);
  const flip = (id: string) =>
    setDraft((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <>
      <div className="filter">
        {groups.length === 0 && <p className="filter__empty">当前分类没有联赛</p>}
        {groups.map((g) => (
          <label className="filter__row" key={g.leagueId}>
            <input
              type="checkbox"
              checked={!draft.has(g.leagueId)}
              onChange={() => flip(g.leagueId)}
            />
            <span className="filter__name">{g.league}</span>
            <span className="filter__count">{g.ids.length} 场</span>
          </label>
        ))}
      </div>
      <footer className="sheet__footer">
        <button type="button" className="btn btn--ghost" onClick={() => setDraft(new Set())}>
          全选
        </button>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => setDraft(new Set(groups.map((g) => g.leagueId)))}
        >
          全不选
        </button>
        <button type="button" className="btn btn--primary btn--grow" onClick={() => onApply(draft)}>
          确定
        </button>
      </footer>
    </>
  );
}
