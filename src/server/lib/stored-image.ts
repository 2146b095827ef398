// An image stored in the database (an estimate's picture, a job's photo) as its reply: it never changes (a new
// one gets a new id), so it is cached for a year, privately (it needs a session), and revalidated by its id.
import type { FastifyReply, FastifyRequest } from 'fastify';

export function sendStoredImage(
  req: FastifyRequest,
  reply: FastifyReply,
  image: { id: string; contentType: string; data: Buffer },
) {
  const etag = `"${image.id}"`;
  reply
    .header('cache-control', 'private, max-age=31536000, immutable')
    .header('etag', etag)
    .header('content-disposition', 'inline');
  if (req.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.type(image.contentType).send(image.data);
}
