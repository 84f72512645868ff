// GET and POST /api/backup (spec §7). Each call names the user whose partition it syncs, so a
// session that changed in another tab answers 409 instead of mixing two people's items.
import type { ApiErrorBody } from '#shared/api-error';
import { apiPaths } from '#shared/api-paths';
import { type BackupSnapshot, BackupSnapshotSchema } from '#shared/kv/kv-snapshot';

/** Spec §8: backup sync without a session fails with 'not authenticated'. */
export class NotAuthenticatedError extends Error {
  constructor() {
    super('not authenticated');
    this.name = 'NotAuthenticatedError';
  }
}

/** The session now belongs to someone other than the partition being synced. */
export class SessionChangedError extends Error {
  constructor() {
    super('the session belongs to another user');
    this.name = 'SessionChangedError';
  }
}

export class BackupRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'BackupRequestError';
  }
}

/** `signal` stops a request whose answer nobody will read any more (the session it was for ended). */
export interface BackupApi {
  fetchSnapshot(owner: string, signal?: AbortSignal): Promise<BackupSnapshot>;
  /** Answers the merged snapshot. */
  postSnapshot(owner: string, snapshot: BackupSnapshot, signal?: AbortSignal): Promise<BackupSnapshot>;
}

async function snapshotFrom(response: Response): Promise<BackupSnapshot> {
  if (response.status === 401) throw new NotAuthenticatedError();
  if (response.status === 409) throw new SessionChangedError();
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as ApiErrorBody | null;
    throw new BackupRequestError(response.status, body?.error.message ?? `HTTP ${response.status}`);
  }
  return BackupSnapshotSchema.parse(await response.json());
}

const urlFor = (owner: string) => `${apiPaths.backup}?${new URLSearchParams({ owner })}`;

export const httpBackupApi: BackupApi = {
  async fetchSnapshot(owner, signal) {
    return snapshotFrom(
      await fetch(urlFor(owner), { credentials: 'same-origin', cache: 'no-store', signal: signal ?? null }),
    );
  },
  async postSnapshot(owner, snapshot, signal) {
    return snapshotFrom(
      await fetch(urlFor(owner), {
        method: 'POST',
        credentials: 'same-origin',
        signal: signal ?? null,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(snapshot),
      }),
    );
  },
};
