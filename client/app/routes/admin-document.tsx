// /admin/documents/:source/:key: one document, edited in a form generated from its source's config.
import { useParams } from 'react-router';
import { DocumentPage } from '#client/features/admin/document-page';

export function Component() {
  const { source = '', key = '' } = useParams();
  return <DocumentPage key={`${source}/${key}`} sourceName={source} documentKey={key} />;
}
