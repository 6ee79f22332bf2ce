import {
  HELP_SLUGS,
  type HelpSlug,
} from '@nebula/protocol/api/help-and-service/help-and-service.constants';
import { PullToRefresh } from 'antd-mobile';
import { useTranslation } from '../../../i18n/use-translation';
import { useParams } from 'react-router';
import { PageFrame } from '../../../components/ui/page-frame';
import { EmptyState, ErrorState, PageSkeleton } from '../../../components/ui/page-states';
import { formatDate } from '../../../lib/format-time';
import { useHelpDoc } from '../api/help.queries';
import { HelpFooter } from '../components/help-footer';
import { MarkdownView } from '../components/markdown-view';
import '../components/help.css';

const isSlug = (value: string | undefined): value is HelpSlug =>
  (HELP_SLUGS as readonly string[]).includes(value ?? '');

/** /help/:slug: one help page, the operators' Markdown with the site's live figures. */
export function HelpDocPage() {
  const { t } = useTranslation('help');
  const { slug } = useParams();
  const doc = useHelpDoc(isSlug(slug) ? slug : null);

  const body = !isSlug(slug) ? (
    <EmptyState title={t('notFound')} />
  ) : doc.isError ? (
    <ErrorState error={doc.error} onRetry={() => void doc.refetch()} />
  ) : !doc.data ? (
    <PageSkeleton lines={10} />
  ) : (
    <article className="nb-card nb-help__doc">
      <MarkdownView source={doc.data.body} />
      <p className="nb-help__updated">{t('updatedAt', { time: formatDate(doc.data.updatedAt) })}</p>
    </article>
  );

  return (
    <PageFrame title={doc.data?.title ?? t('title')} backTo="/help" className="nb-help">
      <PullToRefresh onRefresh={() => doc.refetch().then(() => undefined)}>
        {body}
        <HelpFooter />
      </PullToRefresh>
    </PageFrame>
  );
}
