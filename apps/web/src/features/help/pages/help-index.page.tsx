import type { HelpIndexItem } from '@nebula/protocol/api/help-and-service/help-and-service.schemas';
import { HELP_CATEGORIES } from '@nebula/protocol/api/help-and-service/help-and-service.constants';
import { List, PullToRefresh, SearchBar } from 'antd-mobile';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate } from 'react-router';
import { PageFrame } from '../../../components/ui/page-frame';
import { EmptyState, ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { useHelpIndex, useHelpSearch } from '../api/help.queries';
import { HelpFooter } from '../components/help-footer';
import '../components/help.css';

export const helpPath = (slug: string) => `/help/${slug}`;

function TopicList({ items, title }: { items: HelpIndexItem[]; title: string }) {
  const navigate = useNavigate();
  return (
    <section className="nb-card nb-help__section" aria-label={title}>
      <h2 className="nb-card__title">{title}</h2>
      <List>
        {items.map((item) => (
          <List.Item
            key={item.slug}
            description={item.summary}
            onClick={() => void navigate(helpPath(item.slug))}
          >
            {item.title}
          </List.Item>
        ))}
      </List>
    </section>
  );
}

/** /help: the help centre's index by section, with a search over every page. */
export function HelpIndexPage() {
  const { t } = useTranslation('help');
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const deferred = useDeferredValue(q.trim());
  const index = useHelpIndex();
  const search = useHelpSearch(deferred);

  let body;
  if (deferred) {
    body = search.isError ? (
      <ErrorState error={search.error} onRetry={() => void search.refetch()} />
    ) : !search.data ? (
      <PageSkeleton lines={4} />
    ) : search.data.list.length === 0 ? (
      <EmptyState title={t('searchEmpty')} hint={t('searchEmptyHint')} />
    ) : (
      <section className="nb-card nb-help__section" aria-label={t('results')}>
        <h2 className="nb-card__title">{t('results')}</h2>
        <List>
          {search.data.list.map((hit) => (
            <List.Item
              key={hit.slug}
              description={hit.snippet}
              onClick={() => void navigate(helpPath(hit.slug))}
            >
              {hit.title}
            </List.Item>
          ))}
        </List>
      </section>
    );
  } else if (index.isError) {
    body = <ErrorState error={index.error} onRetry={() => void index.refetch()} />;
  } else if (!index.data) {
    body = <PageSkeleton lines={8} />;
  } else {
    // Pulled down, the index asks again: operators add and edit articles.
    body = (
      <PullToRefresh onRefresh={() => index.refetch().then(() => undefined)}>
        {HELP_CATEGORIES.map((category) => {
          const items = index.data.list.filter((i) => i.category === category);
          return items.length > 0 ? (
            <TopicList key={category} items={items} title={t(`sections.${category}`)} />
          ) : null;
        })}
      </PullToRefresh>
    );
  }

  return (
    <PageFrame title={t('title')} className="nb-help">
      <div className="nb-help__search">
        <SearchBar
          placeholder={t('searchPlaceholder')}
          value={q}
          onChange={setQ}
          maxLength={40}
          aria-label={t('searchPlaceholder')}
        />
      </div>
      {body}
      <HelpFooter />
    </PageFrame>
  );
}
