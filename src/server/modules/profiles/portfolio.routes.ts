// A provider's portfolio (decision 0046): the owner's list (with the job photos they may add), adding a photo
// (multipart `photo` and `caption`, or `jobPhotoId` naming a photo of one of their completed jobs, as a multipart
// field or JSON), moving or re-captioning one, deleting one; another provider's photo id answers 404. The image
// itself is public while the provider has a page, cached by anyone for a year (a new photo gets a new id).
import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_PICTURE_BYTES, PICTURE_MESSAGES } from '#domain/schemas/estimate-api.schema';
import {
  ownerPortfolioSchema,
  portfolioCaptionSchema,
  portfolioItemSchema,
  portfolioPatchSchema,
  PORTFOLIO_LIMITS,
} from '#domain/schemas/pro-profile.schema';
import { AppError, notFound } from '#server/errors';
import { reencodePicture } from '#server/modules/estimates';
import { findActiveUserById } from '#server/modules/users';
import { createPortfolioService, PORTFOLIO_MESSAGES, type PortfolioSource } from './portfolio.service.ts';
import { hasPage } from './profiles.service.ts';

const tags = ['profiles'];
const id = z.string().min(1).max(100);
const params = z.object({ id });
const imageParams = z.object({ id, photoId: id });
const provider = ['provider' as const];
/** The JSON form of a new photo taken from a job. */
const jobPhotoBody = z.object({ jobPhotoId: z.string().max(100), caption: z.string().max(1000).default('') });

export const portfolioRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createPortfolioService(app.ctx);
  // Multipart bodies only in this plugin: one photo of up to 10 MB and the two fields.
  await app.register(multipart, {
    limits: {
      fileSize: MAX_PICTURE_BYTES,
      files: 1,
      fields: 2,
      parts: 3,
      fieldSize: PORTFOLIO_LIMITS.captionMax * 8,
      headerPairs: 50,
    },
  });

  app.get(
    '/api/provider/portfolio',
    { config: { access: provider }, schema: { tags, response: { 200: ownerPortfolioSchema } } },
    async (req) => service.list(req.user!.id),
  );

  app.post(
    '/api/provider/portfolio',
    {
      config: { access: provider },
      schema: { tags, body: jobPhotoBody.nullish(), response: { 201: portfolioItemSchema } },
    },
    async (req, reply) => {
      const providerId = req.user!.id;
      let caption = req.body?.caption ?? '';
      let jobPhotoId = req.body?.jobPhotoId;
      let upload: { data: Buffer; width: number; height: number } | undefined;
      if (req.isMultipart()) {
        // A full portfolio is refused before the upload is read (and again under the lock).
        await service.checkRoom(providerId);
        try {
          for await (const part of req.parts()) {
            if (part.type === 'file') upload = await reencodePicture(await part.toBuffer());
            else if (part.fieldname === 'caption') caption = typeof part.value === 'string' ? part.value : '';
            else if (part.fieldname === 'jobPhotoId')
              jobPhotoId = typeof part.value === 'string' ? part.value : '';
          }
        } catch (err) {
          if (err instanceof AppError) throw err;
          const code = (err as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE')
            throw new AppError('PAYLOAD_TOO_LARGE', PICTURE_MESSAGES.tooLarge);
          throw new AppError('BAD_REQUEST', PICTURE_MESSAGES.unreadable);
        }
      }
      const parsed = portfolioCaptionSchema.safeParse(caption);
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? 'The caption is not valid';
        throw new AppError('VALIDATION', message, { caption: message });
      }
      if (upload && jobPhotoId) throw new AppError('BAD_REQUEST', PORTFOLIO_MESSAGES.both);
      const source: PortfolioSource | null = upload
        ? { kind: 'upload', ...upload }
        : jobPhotoId
          ? { kind: 'job', jobPhotoId }
          : null;
      if (!source) throw new AppError('BAD_REQUEST', PORTFOLIO_MESSAGES.missing);
      return reply.status(201).send(await service.add(providerId, parsed.data, source));
    },
  );

  app.patch(
    '/api/provider/portfolio/:id',
    {
      config: { access: provider },
      schema: { tags, params, body: portfolioPatchSchema, response: { 200: portfolioItemSchema } },
    },
    async (req) => service.update(req.user!.id, req.params.id, req.body),
  );

  app.delete(
    '/api/provider/portfolio/:id',
    { config: { access: provider }, schema: { tags, params } },
    async (req, reply) => {
      await service.remove(req.user!.id, req.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/providers/:id/portfolio/:photoId',
    { config: { access: 'public' }, schema: { tags, params: imageParams } },
    async (req, reply) => {
      const image = await service.image(req.params.id, req.params.photoId);
      const owner = image ? await findActiveUserById(app.ctx.db, req.params.id.toLowerCase()) : undefined;
      if (!image || !hasPage(owner)) throw notFound(PORTFOLIO_MESSAGES.notFound);
      const etag = `"${image.id}"`;
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff');
      if (req.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type(image.contentType).send(image.data);
    },
  );
};
