// Hiring and jobs (decision 0039): the owner's accept (POST /api/estimates/{id}/bids/{bidId}/accept) starts a job;
// GET /api/jobs and /api/jobs/{id} for its two parties (and admins, who read any job); the moves of the job's
// state table; the photos of "work done". The timed confirmation runs on scheduled work (jobAutoConfirm).
import { sendStoredImage } from '#server/lib/stored-image';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_PICTURE_BYTES } from '#domain/schemas/estimate-api.schema';
import {
  acceptBodySchema,
  acceptResponseSchema,
  changeOrderBodySchema,
  completeBodySchema,
  JOB_LIMITS,
  jobListQuerySchema,
  jobListResponseSchema,
  jobResponseSchema,
  reasonBodySchema,
  scheduleBodySchema,
} from '#domain/schemas/job.schema';
import { AppError, unauthenticated } from '#server/errors';
import { reencodePicture } from '#server/modules/estimates';
import { createJobsService, JOB_MESSAGES, type PhotoUpload } from './jobs.service.ts';

const tags = ['jobs'];
const id = z.string().min(1).max(100);
const params = z.object({ id });
const acceptParams = z.object({ id, bidId: id });
const changeOrderParams = z.object({ id, changeOrderId: id });
const photoParams = z.object({ id, photoId: id });
const parties = 'authenticated' as const;

export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createJobsService(app.ctx);
  // Multipart bodies only in this plugin ("work done" with photos): up to 10 files of 10 MB and the note.
  await app.register(multipart, {
    limits: {
      fileSize: MAX_PICTURE_BYTES,
      files: JOB_LIMITS.maxPhotos,
      fields: 2,
      parts: JOB_LIMITS.maxPhotos + 2,
      fieldSize: JOB_LIMITS.noteMax * 4,
      headerPairs: 50,
    },
  });
  // An unanswered completion request confirms itself after seven days, once across instances.
  app.ctx.work.handle('jobAutoConfirm', async ({ payload }) => {
    await service.autoConfirm(payload.jobId);
  });

  const viewer = (req: { user: { id: string; role: string } | null }) => {
    if (!req.user) throw unauthenticated();
    return req.user;
  };

  app.post(
    '/api/estimates/:id/bids/:bidId/accept',
    {
      config: { access: ['customer', 'admin'] },
      schema: {
        tags: ['bids'],
        params: acceptParams,
        body: acceptBodySchema.nullish(),
        response: { 200: acceptResponseSchema },
      },
    },
    async (req) => {
      if (!req.userRow) throw unauthenticated();
      return service.accept(req.userRow, req.params.id, req.params.bidId, req.body ?? {});
    },
  );

  app.get(
    '/api/jobs',
    {
      config: { access: parties },
      schema: { tags, querystring: jobListQuerySchema, response: { 200: jobListResponseSchema } },
    },
    async (req) => service.list(viewer(req), req.query),
  );

  app.get(
    '/api/jobs/:id',
    { config: { access: parties }, schema: { tags, params, response: { 200: jobResponseSchema } } },
    async (req) => ({ job: await service.view(viewer(req), req.params.id) }),
  );

  const ok = { 200: jobResponseSchema };

  app.post(
    '/api/jobs/:id/schedule',
    { config: { access: parties }, schema: { tags, params, body: scheduleBodySchema, response: ok } },
    async (req) => service.proposeDate(viewer(req), req.params.id, req.body.date),
  );

  app.post(
    '/api/jobs/:id/schedule/confirm',
    { config: { access: parties }, schema: { tags, params, response: ok } },
    async (req) => service.confirmDate(viewer(req), req.params.id),
  );

  app.post(
    '/api/jobs/:id/start',
    { config: { access: parties }, schema: { tags, params, response: ok } },
    async (req) => service.start(viewer(req), req.params.id),
  );

  // JSON { note }, or multipart/form-data with a `note` field and up to 10 `photos` files.
  app.post(
    '/api/jobs/:id/complete',
    {
      config: { access: parties },
      schema: { tags, params, body: completeBodySchema.nullish(), response: ok },
    },
    async (req) => {
      const who = viewer(req);
      if (!req.isMultipart()) return service.complete(who, req.params.id, req.body?.note ?? '');
      // Who may mark it done is checked before the upload is read, and again under the job's lock.
      await service.checkComplete(who, req.params.id);
      let note = '';
      const photos: PhotoUpload[] = [];
      try {
        for await (const part of req.parts()) {
          if (part.type === 'file') {
            photos.push(await reencodePicture(await part.toBuffer()));
          } else if (part.fieldname === 'note') {
            note = typeof part.value === 'string' ? part.value : '';
          }
        }
      } catch (err) {
        if (err instanceof AppError) throw err;
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('PAYLOAD_TOO_LARGE', JOB_MESSAGES.photoTooLarge);
        if (code === 'FST_FILES_LIMIT') throw new AppError('BAD_REQUEST', JOB_MESSAGES.tooManyPhotos);
        throw new AppError('BAD_REQUEST', JOB_MESSAGES.photosUnreadable);
      }
      const parsed = completeBodySchema.safeParse({ note });
      if (!parsed.success) {
        throw new AppError('VALIDATION', `At most ${JOB_LIMITS.noteMax} characters`, {
          note: `At most ${JOB_LIMITS.noteMax} characters`,
        });
      }
      return service.complete(who, req.params.id, parsed.data.note, photos);
    },
  );

  app.post(
    '/api/jobs/:id/confirm',
    { config: { access: parties }, schema: { tags, params, response: ok } },
    async (req) => service.confirm(viewer(req), req.params.id),
  );

  app.post(
    '/api/jobs/:id/reopen',
    { config: { access: parties }, schema: { tags, params, body: reasonBodySchema, response: ok } },
    async (req) => service.reopen(viewer(req), req.params.id, req.body.reason),
  );

  app.post(
    '/api/jobs/:id/cancel',
    { config: { access: parties }, schema: { tags, params, body: reasonBodySchema, response: ok } },
    async (req) => service.cancel(viewer(req), req.params.id, req.body.reason),
  );

  app.post(
    '/api/jobs/:id/change-orders',
    {
      config: { access: parties },
      schema: { tags, params, body: changeOrderBodySchema, response: { 201: jobResponseSchema } },
    },
    async (req, reply) =>
      reply.status(201).send(await service.proposeChange(viewer(req), req.params.id, req.body)),
  );

  app.post(
    '/api/jobs/:id/change-orders/:changeOrderId/approve',
    { config: { access: parties }, schema: { tags, params: changeOrderParams, response: ok } },
    async (req) => service.decideChange(viewer(req), req.params.id, req.params.changeOrderId, true),
  );

  app.post(
    '/api/jobs/:id/change-orders/:changeOrderId/decline',
    { config: { access: parties }, schema: { tags, params: changeOrderParams, response: ok } },
    async (req) => service.decideChange(viewer(req), req.params.id, req.params.changeOrderId, false),
  );

  app.get(
    '/api/jobs/:id/photos/:photoId',
    { config: { access: parties }, schema: { tags, params: photoParams } },
    async (req, reply) => {
      return sendStoredImage(req, reply, await service.photo(viewer(req), req.params.id, req.params.photoId));
    },
  );
};
