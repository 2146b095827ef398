// The city cost guides' API (decision 0047), open to anyone signed in or not: the index of categories and places,
// one guide per home-repair category and place (an unknown category or place answers 404), and the public pricing
// accuracy. The accuracy behind them is kept per UTC day and dropped on every instance when a job is hired (carried
// like the realtime events), and at once on the instance that hired, so the hirer's next read is already new.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  costGuideIndexSchema,
  costGuideSchema,
  pricingAccuracySchema,
} from '#domain/schemas/cost-guide.schema';
import { notFound } from '#server/errors';
import { costGuide, costGuideIndex, createAccuracyCache, pricingAccuracy } from './cost-guides.service.ts';

const tags = ['cost-guides'];
const params = z.object({ category: z.string().min(1).max(60), place: z.string().min(1).max(120) });

export const COST_GUIDE_MESSAGES = { notFound: 'There is no cost guide for this category and place' };

export const costGuidesRoutes: FastifyPluginAsyncZod = async (app) => {
  const accuracy = createAccuracyCache(app.ctx);
  app.ctx.events.afterCommit('bidAccepted', () => accuracy.drop());
  if (app.hasDecorator('realtime')) {
    app.realtime.carry('bidAccepted', {
      kind: 'costGuides:hired',
      toWire: () => [{}],
      deliver: async () => accuracy.drop(),
    });
  }

  app.get(
    '/api/cost-guides',
    { config: { access: 'public' }, schema: { tags, response: { 200: costGuideIndexSchema } } },
    async () => costGuideIndex(await accuracy.current()),
  );

  app.get(
    '/api/cost-guides/:category/:place',
    { config: { access: 'public' }, schema: { tags, params, response: { 200: costGuideSchema } } },
    async (req) => {
      const guide = costGuide(await accuracy.current(), req.params.category, req.params.place);
      if (!guide) throw notFound(COST_GUIDE_MESSAGES.notFound);
      return guide;
    },
  );

  app.get(
    '/api/pricing-accuracy',
    { config: { access: 'public' }, schema: { tags, response: { 200: pricingAccuracySchema } } },
    async () => pricingAccuracy(await accuracy.current()),
  );
};
