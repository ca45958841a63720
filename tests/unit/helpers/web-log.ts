/**
 * A web-server access log as CSV, the kind of file that once imported as 32,989 junk products once its columns
 * were mapped to product fields. Deterministic: the same `lines` give the same file.
 */
export const WEB_LOG_HEADER = 'request_id,remote_addr,time_local,method,path,status,body_bytes_sent,http_referer,http_user_agent';

const AGENTS = ['Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0', 'curl/8.5.0', 'Googlebot/2.1 (+http://www.google.com/bot.html)'];
const PATHS = ['/index.html', '/api/v1/items', '/static/app.js', '/login', '/search'];

export function webLogCsv(lines: number): string {
  const rows = [WEB_LOG_HEADER];
  for (let i = 0; i < lines; i++) {
    const path = `${PATHS[i % PATHS.length]}?page=${i}`;
    // Every 7th request sent no body, which nginx logs as "-".
    const bytes = i % 7 === 0 ? '-' : String(200 + ((i * 37) % 5000));
    const time = new Date(Date.UTC(2026, 10, 1, 0, 0, i)).toISOString();
    rows.push(
      `req-${i},10.0.${i % 256}.${(i * 7) % 256},${time},${i % 3 ? 'GET' : 'POST'},${path},${i % 11 ? 200 : 404},${bytes},-,${AGENTS[i % AGENTS.length]}`,
    );
  }
  return rows.join('\n');
}

/** The mapping a hurried researcher picks for it: every required field gets some column. */
export const WEB_LOG_MAPPING = {
  id: 'request_id',
  category: 'path',
  title: 'http_user_agent',
  brand: 'method',
  price: 'body_bytes_sent',
} as const;
