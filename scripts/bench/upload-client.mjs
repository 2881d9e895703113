// The load side of `npm run bench upload`, in a child process (so the server's RSS is its own): makes one phone photo
// (a noisy 4000 × 3000 JPEG with GPS in its EXIF, about BENCH_PHOTO_MB), then, on "go", every KiTa uploads it at
// once while GET /api/loginstatus is probed every 50 ms until the last upload has answered.
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';

const setup = await new Promise((resolve) => process.once('message', resolve));
const { base, kitas, probeCookie, photoMb } = setup;

// gaussian noise on a grey image: JPEG cannot compress it well, like a dim phone photo; quality tuned to ~photoMb
let photo;
for (const quality of [80, 85, 90, 94]) {
  photo = await sharp({
    create: { width: 4000, height: 3000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 24 } },
  })
    .jpeg({ quality })
    .withExif({
      IFD0: { Make: 'Bench', Model: 'Phone 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '49/1 27/1 1234/100', GPSLongitudeRef: 'E', GPSLongitude: '11/1 4/1 5/1' },
    })
    .toBuffer();
  if (photo.length >= photoMb * 0.9 * 2 ** 20) break;
}
const meta = await sharp(photo).metadata();

process.send({ ready: true });
await new Promise((resolve) => process.once('message', resolve));

const t0 = performance.now();
const probes = [];
let uploading = true;
const probeOnce = async () => {
  const start = performance.now();
  const res = await fetch(`${base}/api/loginstatus`, { headers: { cookie: probeCookie } });
  await res.arrayBuffer();
  probes.push({ status: res.status, ms: performance.now() - start, at: start - t0 });
};
const pending = [];
const timer = setInterval(() => uploading && pending.push(probeOnce()), 50);
const uploads = await Promise.all(
  kitas.map(async (k, i) => {
    const start = performance.now();
    const res = await fetch(`${base}/api/facilities/${k.facilityId}/documentation/files?questionKey=fotos&name=IMG_${1000 + i}.JPG`, {
      method: 'POST',
      headers: { cookie: k.cookie, 'content-type': 'application/octet-stream' },
      body: photo,
    });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - start };
  }),
);
uploading = false;
clearInterval(timer);
await Promise.all(pending);
process.send({
  photo: { bytes: photo.length, width: meta.width, height: meta.height, hasExif: !!meta.exif },
  uploads,
  probes,
  totalMs: performance.now() - t0,
});
process.disconnect();
