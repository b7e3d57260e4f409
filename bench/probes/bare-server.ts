// The reference server for the HTTP benchmark: plain node:http answering, per path, exactly the
// status, headers and body the real server answered (captured by bench/run.ts first). It does no
// work per request beyond a Map lookup, so it is the ceiling for this machine and this client.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

interface Captured {
  status: number;
  headers: [string, string][];
  body: string; // base64
}

const captured = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Record<string, Captured>;
const answers = new Map(
  Object.entries(captured).map(([path, c]) => {
    const body = Buffer.from(c.body, 'base64');
    const headers = c.headers.filter(([name]) => !/^(date|connection|keep-alive|transfer-encoding|content-length)$/i.test(name));
    headers.push(['Content-Length', String(body.length)]);
    return [path, { status: c.status, headers: headers.flat(), body }];
  }),
);

const server = createServer((req, res) => {
  const answer = answers.get(req.url ?? '');
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
});
