import type { FastifyInstance } from 'fastify';

/** Course calls (filled in by the course service's next commits). */
export async function courseRoutes(_app: FastifyInstance) {}
