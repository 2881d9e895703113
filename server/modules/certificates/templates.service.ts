import { randomUUID } from 'node:crypto';
import { open } from 'node:fs/promises';
import { eq, inArray } from 'drizzle-orm';
import type { CertificateTemplate, CertificateTemplateInput } from '../../../src/shared/contracts/certificates';
import type { Db, DbOrTx } from '../../db/client';
import { sniffFileType, SNIFF_BYTES } from '../../lib/file-sniff';
import { fail } from '../../lib/http-error';
import { ImageRefusedError, reencodeImage } from '../../lib/image-reencode';
import { conflictError } from '../../lib/record-helpers';
import { versionedUpdate } from '../../lib/versioned-update';
import { audit, type Ctx } from '../audit/audit';
import { seasonQueries } from '../seasons/seasons.queries';
import type { SeasonRow } from '../seasons/seasons.table';
import { certificateImages, certificateTemplates } from './certificates.table';
import type { TemplateText } from './printed';

/**
 * The season's certificate template (SPEC §8): heading, text with placeholders, up to three signatures, a logo. A
 * season without a saved one uses the shipped default. Images (logo, signatures) are uploaded on their own (a hostile
 * file like any upload: decoded and re-encoded by sharp, server/lib/image-reencode.ts) and referred to by id.
 */
export const DEFAULT_TEMPLATE: TemplateText = {
  heading: 'Urkunde',
  body:
    'Die Kindertageseinrichtung\n\n{KiTa}\n\nin {Ort} hat im KiTa-Jahr {KiTa-Jahr} erfolgreich am Programm teilgenommen ' +
    'und wird für ihr Projekt „{Projektthema}“ ausgezeichnet.\n\nHerzlichen Glückwunsch!',
  signatures: [],
  logoId: null,
};

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export async function seasonByIdentifier(db: DbOrTx, identifier: string): Promise<SeasonRow> {
  const season = await seasonQueries({ db }).byIdentifier(identifier);
  if (!season) throw fail('certificates.season_missing');
  return season;
}

/** the template a season prints with: its saved one or the default */
export async function templateText(db: DbOrTx, seasonId: number): Promise<TemplateText & { version: number | null }> {
  const [row] = await db.select().from(certificateTemplates).where(eq(certificateTemplates.seasonId, seasonId));
  if (!row) return { ...DEFAULT_TEMPLATE, version: null };
  return { heading: row.heading, body: row.body, signatures: row.signatures, logoId: row.logoId, version: row.version };
}

export async function templateOfSeason(db: DbOrTx, seasonIdentifier: string): Promise<CertificateTemplate> {
  const season = await seasonByIdentifier(db, seasonIdentifier);
  const t = await templateText(db, season.id);
  return {
    seasonIdentifier,
    heading: t.heading,
    body: t.body,
    signatures: t.signatures,
    logoId: t.logoId,
    version: t.version,
    isDefault: t.version === null,
  };
}

export async function saveTemplate(db: Db, seasonIdentifier: string, input: CertificateTemplateInput, ctx: Ctx): Promise<CertificateTemplate> {
  const season = await seasonByIdentifier(db, seasonIdentifier);
  const imageIds = [input.logoId, ...input.signatures.map((s) => s.imageId)].filter((i): i is string => i !== null);
  await db.transaction(async (tx) => {
    if (imageIds.length > 0) {
      const found = await tx.select({ id: certificateImages.id }).from(certificateImages).where(inArray(certificateImages.id, imageIds));
      if (found.length !== new Set(imageIds).size) throw fail('certificates.image_missing');
    }
    const [before] = await tx.select().from(certificateTemplates).where(eq(certificateTemplates.seasonId, season.id)).for('update');
    const values = { heading: input.heading, body: input.body, signatures: input.signatures, logoId: input.logoId };
    if (before) {
      if (input.version === null) throw conflictError();
      await versionedUpdate(tx, {
        table: certificateTemplates,
        id: before.id,
        version: input.version,
        load: async () => before,
        values,
        editable: (r) => ({ heading: r.heading, body: r.body, signatures: r.signatures, logoId: r.logoId }),
        audit: { action: 'certificate_template.update', entityType: 'certificate_template', context: { seasonId: season.id } },
        ctx,
      });
      return;
    }
    if (input.version !== null) throw conflictError();
    const [row] = await tx
      .insert(certificateTemplates)
      .values({ seasonId: season.id, ...values, updatedBy: ctx.actorUserId })
      .returning({ id: certificateTemplates.id });
    await audit(tx, {
      ...ctx,
      action: 'certificate_template.update',
      entityType: 'certificate_template',
      entityId: row!.id,
      before: null,
      after: { ...values, seasonId: season.id },
    });
  });
  return templateOfSeason(db, seasonIdentifier);
}

async function head(path: string): Promise<Uint8Array> {
  const f = await open(path, 'r');
  try {
    const buf = new Uint8Array(SNIFF_BYTES);
    await f.read(buf, 0, SNIFF_BYTES, 0);
    return buf;
  } finally {
    await f.close();
  }
}

/** an uploaded logo or signature (a temp file of the upload body): decoded, re-encoded, stored; answers its id */
export async function storeTemplateImage(db: Db, upload: { path: string; size: number } | null, actorUserId: number) {
  if (!upload || upload.size === 0) throw fail('certificates.wrong_image_type');
  const type = sniffFileType(await head(upload.path));
  if (type !== 'image/jpeg' && type !== 'image/png' && type !== 'image/webp') throw fail('certificates.wrong_image_type');
  let image;
  try {
    image = await reencodeImage(upload.path, type, IMAGE_MAX_BYTES);
  } catch (err) {
    if (err instanceof ImageRefusedError) throw fail('certificates.image_unreadable');
    throw err;
  }
  const id = randomUUID();
  await db.insert(certificateImages).values({
    id,
    contentType: image.contentType,
    bytes: image.bytes,
    width: image.width,
    height: image.height,
    createdBy: actorUserId,
  });
  return { id, width: image.width, height: image.height };
}

/** the images by id (the PDF's logo and signatures) */
export async function imagesById(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return new Map<string, { data: Buffer; mime: 'image/jpeg' | 'image/png' }>();
  const rows = await db
    .select()
    .from(certificateImages)
    .where(inArray(certificateImages.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, { data: r.bytes, mime: r.contentType }]));
}

export async function templateImage(db: DbOrTx, id: string) {
  const [row] = await db.select().from(certificateImages).where(eq(certificateImages.id, id));
  return row ?? null;
}

/**
 * "Nächstes KiTa-Jahr vorbereiten" (issue 38): the season's saved certificate template becomes the next season's, with
 * the same images; a season without a saved one has nothing to copy (the next one uses the default as well). The
 * season-transition module calls it as one of its template copiers.
 */
export async function copyCertificateTemplateToSeason(
  tx: DbOrTx,
  from: Pick<SeasonRow, 'id' | 'identifier'>,
  toSeasonId: number,
  ctx: Ctx,
  dryRun: boolean,
): Promise<'created' | 'skipped' | 'none'> {
  const [source] = await tx.select().from(certificateTemplates).where(eq(certificateTemplates.seasonId, from.id));
  if (!source) return 'none';
  const [target] =
    toSeasonId > 0
      ? await tx.select({ id: certificateTemplates.id }).from(certificateTemplates).where(eq(certificateTemplates.seasonId, toSeasonId))
      : [];
  if (target) return 'skipped';
  if (dryRun) return 'created';
  await tx.insert(certificateTemplates).values({
    seasonId: toSeasonId,
    heading: source.heading,
    body: source.body,
    signatures: source.signatures,
    logoId: source.logoId,
    version: 1,
    updatedBy: ctx.actorUserId,
  });
  await audit(tx, {
    ...ctx,
    action: 'certificate_template.copy',
    entityType: 'certificate_template',
    entityId: toSeasonId,
    before: { version: null },
    after: { fromSeasonIdentifier: from.identifier, version: 1 },
  });
  return 'created';
}
