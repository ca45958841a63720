/** One JSON document per line; the format every export tool reads. */
export function toJsonLines(items: readonly unknown[]): string {
  let out = '';
  for (const item of items) out += `${JSON.stringify(item)}\n`;
  return out;
}

/**
 * Collects everything a paged reader returns into Blob parts, page by page, so the caller can show progress
 * and never holds more than one page of objects (the serialized text goes straight into the Blob's parts).
 */
export async function collectJsonl<T extends { id: string }>(
  readPage: (afterId: string | null) => Promise<T[]>,
  onProgress: (count: number) => void,
): Promise<{ parts: string[]; count: number }> {
  const parts: string[] = [];
  let after: string | null = null;
  let count = 0;
  for (;;) {
    const page = await readPage(after);
    const last = page.at(-1);
    if (!last) break;
    parts.push(toJsonLines(page));
    count += page.length;
    after = last.id;
    onProgress(count);
  }
  return { parts, count };
}
