// Issue 33's hostile-input run against the legacy import (measured, never asserted in tests): the portal on PGlite in
// this process, an admin's session, and in a child process (its memory is not the server's) each hostile file of
// server/testing/hostile-legacy-files.ts sent as the browser sends it, while GET /api/loginstatus is probed every
// 50 ms until the upload has answered (target: every probe answers within 1 s). Per file: the answer, the number of
// requests, the longest /api/loginstatus answer and the server's peak RSS (sampled every 10 ms). Prints one JSON line
// per file and a Markdown table. `npx tsx scripts/bench/legacy-hostile.ts`
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startApp } from '../../server/app';
import { benchAdminCookie, mb, rssSampler, withBenchWorld } from './kit';
import { createSeason } from '../../server/testing/factories';

export type HostileResult = {
  file: string;
  bytes: number;
  uploads: { status: number; ms: number; message?: string }[];
  probes: { status: number; ms: number }[];
};

// PGlite: what is measured is the server process, not the database
await withBenchWorld('hostile', undefined, async (w) => {
  const db = w.db;
  await createSeason(db, { identifier: '2021-22', label: 'KiTa-Jahr 2021/22', startDate: '2021-09-01', endDate: '2022-08-31' });
  const cookie = await benchAdminCookie(db, 'bench-hostile');
  const config = w.config({ FILE_STORAGE: 'local' });
  const portal = await startApp({ config, db, host: '127.0.0.1', port: 0, mail: { start: false } });

  const rss = rssSampler(10);
  const baseline = rss.before;
  console.log(JSON.stringify({ step: 'started', serverRssMb: mb(baseline) }));
  const rows: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./legacy-hostile-client.ts', import.meta.url)), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.on('message', (m: { next: true } | HostileResult | { done: true }) => {
      if ('next' in m) {
        // a new file is about to be sent: its peak starts here
        rss.restart();
        return child.send({ go: true });
      }
      if ('done' in m) return resolve();
      const probeMs = m.probes.map((p) => p.ms).sort((a, b) => a - b);
      const line = {
        file: m.file,
        mb: mb(m.bytes),
        answers: m.uploads.map((u) => u.status).join(' '),
        message: m.uploads[0]?.message,
        uploadMs: Math.max(...m.uploads.map((u) => u.ms)),
        requests: m.uploads.length + m.probes.length,
        loginstatusProbes: m.probes.length,
        loginstatusFailed: m.probes.filter((p) => p.status !== 200).length,
        loginstatusMaxMs: Math.round(probeMs[probeMs.length - 1] ?? 0),
        serverPeakRssMb: mb(rss.peak()),
      };
      console.log(JSON.stringify(line));
      rows.push(
        `| ${line.file} | ${line.mb} | ${line.answers} | ${line.uploadMs} | ${line.requests} | ${line.loginstatusMaxMs} | ${line.serverPeakRssMb} |`,
      );
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`client exited with ${code}`))));
    child.send({ base: portal.address, cookie });
  });
  rss.stop();
  await portal.app.close();
  console.log(
    [
      '',
      `Server RSS after start: ${mb(baseline)} MB.`,
      '',
      '| file | MB | answer(s) | upload ms (longest) | requests | longest /api/loginstatus ms | server peak RSS MB |',
      '| --- | ---: | --- | ---: | ---: | ---: | ---: |',
      ...rows,
    ].join('\n'),
  );
});
