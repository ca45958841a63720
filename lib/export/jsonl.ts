/** One JSON document per line; the format every export tool reads. */
export function toJsonLines(items: readonly unknown[]): string {
  let out = '';
  for (const item of items) out += `${JSON.stringify(item)}\n`;
  return out;
}
