// /guides/{slug}: a guide. A training tutorial asked for here is sent to its own address.
import { Navigate, useParams } from 'react-router';
import { useMatchkitQuery } from '@matchkit/react';
import { QueryState } from '../../components/Status';
import { GuideQuery } from './api/guide';
import { ContentNotFound } from './ContentNotFound';
import { GuideView } from './GuideView';

export function GuidePage() {
  const slug = useParams()['slug'] ?? '';
  const query = useMatchkitQuery(GuideQuery, { slug });
  return (
    <QueryState query={query} loadingLabel="Loading the guide…">
      {({ data }) => {
        const guide = data.guide;
        if (guide === null) return <ContentNotFound what="guide" slug={slug} />;
        if (guide.url !== `/guides/${slug}`) return <Navigate to={guide.url} replace />;
        return <GuideView guide={guide} />;
      }}
    </QueryState>
  );
}
