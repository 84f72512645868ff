// /group_{groupNumber} (a hub page per navigation group) and /error_{errorComment} (an error page
// carrying the comment); any other single segment is a 404.
import type { LoaderFunctionArgs } from 'react-router';
import { useLoaderData } from 'react-router';
import { GroupPage } from '#client/components/group-page';
import { AppError, notFoundError } from '../app-error';
import { findNavGroup } from '../navigation';

/** The group's number is what the page shows, so the server runs this loader too (server-page.ts). */
export const loaderOnServer = true;

export function loader({ params, request }: LoaderFunctionArgs) {
  const segment = params.prefixed ?? '';
  const group = /^group_(\d+)$/.exec(segment);
  const navGroup = group ? findNavGroup(Number(group[1])) : undefined;
  if (navGroup) return { groupNumber: navGroup.number };
  const comment = /^error_(.+)$/s.exec(segment)?.[1];
  if (comment) {
    throw new AppError({
      statusCode: 500,
      statusMessage: 'Error page test',
      message: comment,
      data: { comment },
    });
  }
  throw notFoundError(new URL(request.url).pathname);
}

export function Component() {
  const { groupNumber } = useLoaderData<typeof loader>();
  return <GroupPage group={findNavGroup(groupNumber)!} />;
}
