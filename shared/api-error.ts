// The JSON body of every API error response.
export interface ApiErrorBody {
  error: {
    /** Stable, machine-readable code, e.g. "not_found", "invalid_body". */
    code: string;
    message: string;
    /** Field-level reasons for validation errors. */
    issues?: { path: string; message: string }[];
  };
}
