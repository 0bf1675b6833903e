import path from 'node:path'

export interface NginxSite {
  /** Folder for the pid file, logs and nginx's temporary files (nginx's -p prefix). */
  workDir: string
  port: number
  /** The built client folder. */
  clientDir: string
  /** The page path, e.g. /about, served from `<clientDir><page>/index.html`. */
  page: string
  /** Headers our server sends with the page, repeated so both answers carry the same bytes. */
  headers: Record<string, string>
}

/** Our server's answer headers that describe this connection or this body, not the site. */
const ownHeaders = new Set([
  'accept-ranges',
  'connection',
  'content-encoding',
  'content-length',
  'content-type',
  'date',
  'etag',
  'keep-alive',
  'last-modified',
  'server',
  'transfer-encoding',
  'vary',
])

/** The site-wide headers worth repeating in nginx; nginx would read a `$` as a variable. */
export function headersToMirror(headers: Record<string, string>): {
  mirrored: Record<string, string>
  skipped: string[]
} {
  const mirrored: Record<string, string> = {}
  const skipped: string[] = []
  for (const [name, value] of Object.entries(headers)) {
    if (ownHeaders.has(name.toLowerCase())) continue
    if (value.includes('$') || /[\r\n]/.test(value)) skipped.push(name)
    else mirrored[name] = value
  }
  return { mirrored, skipped }
}

function quoted(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`
}

/** The file that holds a page: `/` is index.html, `/about` is about/index.html. */
export function pageFile(page: string): string {
  return page === '/' ? '/index.html' : `${page}/index.html`
}

/**
 * A minimal nginx configuration serving one prerendered page as our server does: gzip for
 * clients that accept it (a precompressed `.gz` beside the file when the build has one, else
 * compressed per response at zlib's default level 6 like the compression middleware), one
 * worker process like our one Node.js process, every file it writes inside `workDir`.
 */
export function nginxConfig(site: NginxSite): string {
  const dir = (name: string) => quoted(path.join(site.workDir, name))
  const headerLines = Object.entries(site.headers).map(
    ([name, value]) => `      add_header ${name} ${quoted(value)} always;`,
  )
  return [
    "# Written by npm run bench; nginx runs in the foreground as the bench's child process.",
    'daemon off;',
    'worker_processes 1;',
    `pid ${dir('nginx.pid')};`,
    `error_log ${dir('error.log')} warn;`,
    'events {',
    '  worker_connections 1024;',
    '}',
    'http {',
    `  access_log ${dir('access.log')} combined buffer=64k flush=1s;`,
    `  client_body_temp_path ${dir('client_body')};`,
    `  proxy_temp_path ${dir('proxy')};`,
    `  fastcgi_temp_path ${dir('fastcgi')};`,
    `  uwsgi_temp_path ${dir('uwsgi')};`,
    `  scgi_temp_path ${dir('scgi')};`,
    '  types {',
    '    text/html html;',
    '  }',
    '  charset utf-8;',
    '  sendfile on;',
    '  tcp_nopush on;',
    '  keepalive_timeout 65s;',
    '  keepalive_requests 100000;',
    '  server_tokens off;',
    '  gzip on;',
    '  gzip_static on;',
    '  gzip_comp_level 6;',
    '  gzip_min_length 1024;',
    '  gzip_vary on;',
    '  server {',
    `    listen 127.0.0.1:${site.port};`,
    `    root ${quoted(site.clientDir)};`,
    `    location = ${site.page} {`,
    `      try_files ${pageFile(site.page)} =404;`,
    ...headerLines,
    '    }',
    '    location / {',
    '      return 404;',
    '    }',
    '  }',
    '}',
    '',
  ].join('\n')
}
