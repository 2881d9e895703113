import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** the one key pair s3rver knows (its README, "Supported clients") */
const S3RVER_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * A real S3 server that no one here wrote (s3rver from the npm registry) on 127.0.0.1, any free port, its objects in
 * a temp folder, with `bucket` created. `env` is what an operator sets for FILE_STORAGE=s3 (README); `options` the
 * same for s3FileStorage(). s3rver checks the access key id but not the V4 signature itself (its authentication
 * middleware: "Signature version 4 calculation is unimplemented"); server/lib/file-storage.test.ts's fake does that.
 */
export async function startS3rver(bucket = 'kita-uploads') {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const options = { endpoint, region: 'eu-central-1', bucket, forcePathStyle: true, ...S3RVER_KEYS };
  const env = {
    FILE_STORAGE: 's3',
    S3_ENDPOINT: endpoint,
    S3_REGION: options.region,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey,
    S3_FORCE_PATH_STYLE: '1',
  };
  return {
    options,
    env,
    close: async () => {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
