// The digest a cached artifact's decompressed bytes are stored with and checked against at every
// start: SHA-256 from WebCrypto, native (hardware-assisted on most CPUs) and computed off the
// calling thread, so that the engine opens the bytes meanwhile. The artifacts' own crc32c, in
// JavaScript, takes 200 ms and more on the 81 MB of a million documents, on the worker's thread.
// (A WebAssembly hash would need 'wasm-unsafe-eval' in the app's script-src.)

/** The SHA-256 of `bytes`, in hex. */
export async function artifactDigest(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
