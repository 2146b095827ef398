// A provider's licenses and insurance (decision 0046): upload one with its document (multipart), list, edit,
// delete, and download the document (its owner and admins; anyone else 404). Any provider may upload.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CREDENTIAL_LIMITS,
  credentialPatchSchema,
  credentialSchema,
} from '#domain/schemas/pro-profile.schema';
import { utcToday } from '#domain/dates';
import { AppError, unauthenticated } from '#server/errors';
import { DOCUMENT_MESSAGES } from './credential-document.ts';
import { credentialsAdminRoutes } from './credentials-admin.routes.ts';
import { createCredentialsService, type CredentialsService } from './credentials.service.ts';

const tags = ['credentials'];
const params = z.object({ id: z.string().min(1).max(100) });
const providers = { access: ['provider'] as const };

const refuseDocument = (message: string) => new AppError('VALIDATION', message, { document: message });

/** The fields and the one `document` file of the upload; the file's size limit answers a 400 at `document`. */
async function readUpload(req: {
  isMultipart(): boolean;
  parts(): AsyncIterableIterator<
    | { type: 'file'; fieldname: string; toBuffer(): Promise<Buffer> }
    | { type: 'field'; fieldname: string; value: unknown }
  >;
}): Promise<{ fields: Record<string, string>; document: Buffer | null }> {
  if (!req.isMultipart()) throw refuseDocument(DOCUMENT_MESSAGES.missing);
  const fields: Record<string, string> = {};
  let document: Buffer | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'document') document = bytes;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw refuseDocument(DOCUMENT_MESSAGES.tooLarge);
    }
    throw refuseDocument(DOCUMENT_MESSAGES.missing);
  }
  return { fields, document };
}

/** The provider's routes, in their own scope (the multipart parser is theirs alone). */
function providerRoutes(credentials: CredentialsService): FastifyPluginAsyncZod {
  return async (app) => {
    // Multipart bodies only in this plugin: one file of at most 10 MB and the few fields beside it.
    await app.register(multipart, {
      limits: {
        fileSize: CREDENTIAL_LIMITS.maxDocumentBytes,
        files: 1,
        fields: 10,
        fieldSize: 1024,
        parts: 11,
        headerPairs: 50,
      },
    });
    const caller = (req: { user: { id: string; role: string } | null }) => {
      if (!req.user) throw unauthenticated();
      return req.user;
    };

    app.post(
      '/api/provider/credentials',
      { config: providers, schema: { tags, response: { 201: credentialSchema } } },
      async (req, reply) => {
        const user = caller(req);
        const { fields, document } = await readUpload(req);
        const parsed = credentials.parseFields(fields, utcToday(app.ctx.now()));
        if (!document || document.length === 0) throw refuseDocument(DOCUMENT_MESSAGES.missing);
        return reply.status(201).send(await credentials.upload(user, parsed, document));
      },
    );

    app.get(
      '/api/provider/credentials',
      {
        config: providers,
        schema: { tags, response: { 200: z.object({ items: z.array(credentialSchema) }) } },
      },
      async (req) => credentials.list(caller(req)),
    );

    app.patch(
      '/api/provider/credentials/:id',
      {
        config: providers,
        schema: { tags, params, body: credentialPatchSchema, response: { 200: credentialSchema } },
      },
      async (req) => credentials.patch(caller(req), req.params.id, req.body),
    );

    app.delete(
      '/api/provider/credentials/:id',
      { config: providers, schema: { tags, params } },
      async (req, reply) => {
        await credentials.remove(caller(req), req.params.id);
        return reply.status(204).send();
      },
    );

    // The document: a download, never shown in the app's origin (sandboxed, no sniffing, not cached). Open to
    // anyone signed in so that whoever is neither its owner nor an admin is told it does not exist (404), never
    // that it does (403).
    app.get(
      '/api/provider/credentials/:id/document',
      { config: { access: 'authenticated' }, schema: { tags, params } },
      async (req, reply) => {
        const doc = await credentials.document(caller(req), req.params.id);
        return reply
          .header('content-disposition', `attachment; filename="${doc.fileName}"`)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "sandbox; default-src 'none'")
          .header('cache-control', 'private, no-store')
          .type(doc.type)
          .send(doc.data);
      },
    );
  };
}

/**
 * Credentials (decision 0046): the provider's routes, the admin's Verifications tab (credentials-admin.routes.ts)
 * on one service, and the scheduled work (reminders, the document's deletion) it handles.
 */
export const credentialsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createCredentialsService(app.ctx);
  service.registerWork();
  await app.register(providerRoutes(service));
  await app.register(credentialsAdminRoutes(service));
};
