/** How long a download's object URL is kept: long enough for the browser to start saving it. */
const REVOKE_AFTER_MS = 60_000;

/** Saves `parts` as a file named `name` through a temporary link (the options page's exports and report). */
export function download(parts: BlobPart[], type: string, name: string): void {
  const url = URL.createObjectURL(new Blob(parts, { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
