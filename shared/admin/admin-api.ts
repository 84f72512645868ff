// What crosses the wire between the data owners' console (or the operator CLIs) and /api/admin/*:
// request bodies (validated by the server) and the answers' shapes.
import { z } from 'zod/mini';
import { localeCodes } from '../locales';

/** Largest import file accepted through the API (the CLI on the server's machine sends the same files). */
export const MAX_IMPORT_UPLOAD_BYTES = 2 * 1024 ** 3;
/** JSON bodies of the admin API (a document edit is the largest: one record, MAX_RECORD_BYTES). */
export const MAX_ADMIN_JSON_BYTES = 1024 * 1024 + 4096;
export const MAX_PAGE_SIZE = 200;
/** Header carrying the local admin token (the CLIs beside a server on the embedded database). */
export const LOCAL_ADMIN_TOKEN_HEADER = 'Sift-Admin-Token';
/** The media type of an answer streamed as progress lines then a result line (Accept it to get one). */
export const PROGRESS_MEDIA_TYPE = 'application/x-ndjson';

export const importFormats = ['ndjson', 'json', 'csv'] as const;
export const ImportFormatSchema = z.enum(importFormats);
export const ImportModeSchema = z.enum(['merge', 'replace']);
export type ImportMode = z.infer<typeof ImportModeSchema>;

const PageSizeSchema = z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(MAX_PAGE_SIZE)), 50);

export const AuditQuerySchema = z.strictObject({
  /** Entries older than this id (the previous page's `next`). */
  before: z.optional(z.coerce.number().check(z.int(), z.gte(1))),
  limit: PageSizeSchema,
});

export interface AuditEntry {
  id: number;
  at: string;
  actorId: string | null;
  actor: string;
  action: string;
  target: string | null;
  records: number | null;
  details: Record<string, unknown> | null;
}

export interface AuditPage {
  entries: AuditEntry[];
  /** Pass as `before` for the next (older) page; null on the last. */
  next: number | null;
}

export interface BuildEntry {
  startedAt: string;
  durationMs: number;
  /** A whole new artifact, a delta segment on top of it (ADR 020), or neither. */
  outcome: 'built' | 'delta' | 'failed';
  documentCount: number | null;
  bytes: number | null;
  crc32c: number | null;
  error: string | null;
}

export interface SourceStatus {
  name: string;
  dataType: string;
  protected: boolean;
  documentCount: number;
  artifact: {
    crc32c: number;
    size: number;
    documentCount: number;
    builtAt: string;
    /** The changes since, searched on top of it (ADR 020): documents written since, and its size. */
    delta: { documentCount: number; size: number } | null;
    /** A large source's head segment (ADR 023): its best-ranked documents, searched while the artifact downloads. */
    head: { documentCount: number; size: number } | null;
  } | null;
  /** Documents changed since the artifact was built: a build is due or running. */
  stale: boolean;
  /** Newest first. */
  builds: BuildEntry[];
  /** The last import can be undone. */
  undoable: boolean;
}

export const ImportQuerySchema = z.strictObject({
  format: ImportFormatSchema,
  /** Check and apply in one request (the CLI); absent: a dry run whose upload is kept for `apply`. */
  apply: z.optional(ImportModeSchema),
});

export const ApplyImportSchema = z.strictObject({ mode: ImportModeSchema });

export interface ImportRejection {
  /** The line (NDJSON, CSV) or position in the array (JSON); 0 for the file as a whole. */
  at: number;
  reasons: string[];
}

export interface ImportCheckResult {
  /** Names the kept upload for apply and cancel; null when nothing can be applied (rejections). */
  id: string | null;
  records: number;
  rejectedCount: number;
  /** The first 1,000, in file order. */
  rejected: ImportRejection[];
  /** Where every rejection can be downloaded (line TAB reasons, kept an hour by the process that checked); null without rejections. */
  report: string | null;
}

export interface ImportApplied {
  records: number;
  inserted: number;
  updated: number;
  unchanged: number;
  deleted: number;
}

/** A dry run or an import: the check, and what was written (null when nothing was). */
export type ImportOutcome = ImportCheckResult & { applied: ImportApplied | null };

/** One line of a streamed answer (PROGRESS_MEDIA_TYPE). */
export type ProgressLine<T> =
  | { progress: { phase: string; done: number; total: number } }
  | { result: T }
  | { error: { code: string; message: string } };

export const DocumentQuerySchema = z.strictObject({
  /** Keys or titles starting with this text (case-insensitive). */
  q: z.optional(z.string().check(z.maxLength(200))),
  /** The last key of the previous page. */
  after: z.optional(z.string().check(z.maxLength(1000))),
  limit: PageSizeSchema,
});

export interface DocumentSummary {
  key: string;
  title: string;
  updatedAt: string;
}

export interface DocumentPage {
  documents: DocumentSummary[];
  next: string | null;
}

export interface DocumentDetail {
  key: string;
  document: Record<string, unknown>;
  rank: number;
  updatedAt: string;
}

export const RoleSchema = z
  .string()
  .check(z.regex(/^[a-z][a-z0-9-]{0,31}$/, 'must be lower-case letters, digits and dashes'));

export const UpdateUserSchema = z
  .strictObject({ role: z.optional(RoleSchema), disabled: z.optional(z.boolean()) })
  .check(z.refine((body) => body.role !== undefined || body.disabled !== undefined, 'give role or disabled'));

/** The language of an invitation's email; the admin's own when absent. */
const InvitationLanguageSchema = z.optional(z.enum(localeCodes as [string, ...string[]]));

export const CreateUserSchema = z.strictObject({
  email: z.string().check(z.maxLength(320)),
  name: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
  role: z._default(RoleSchema, 'user'),
  password: z.optional(z.string().check(z.maxLength(1024))),
  language: InvitationLanguageSchema,
});

/** Sends the account's sign-in link again. */
export const InviteSchema = z.strictObject({ language: InvitationLanguageSchema });

/**
 * Whether a sign-in link went out with an account's creation: `sent`; `logged` (no mail server is
 * set, outside production: the link is in the server log); `failed` (the account exists, the mail
 * server refused or did not answer: `reason`); `off` (email sign-in is off on this server).
 */
export type Invitation = { status: 'sent' | 'logged' | 'off' } | { status: 'failed'; reason: string };

export const ResetPasswordSchema = z.strictObject({ password: z.string().check(z.maxLength(1024)) });

export interface AdminUser {
  id: string;
  email: string;
  name: string | null;
  role: string;
  hasPassword: boolean;
  disabled: boolean;
  createdAt: string;
}

export interface CreatedUser extends AdminUser {
  invitation: Invitation;
}
