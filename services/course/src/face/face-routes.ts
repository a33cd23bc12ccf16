import { COURSE_CAPTURE_URL, CourseFaceCalls } from '@exam/contracts';
import { route, userOf } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { type CourseFaceService, FACE_ADMIN } from './face-service';

/** Study face checks (`/api/course/face/*`): the learner's save and verdict, the admin's records and captures. */
export async function courseFaceRoutes(app: FastifyInstance, { face }: { face: CourseFaceService }) {
  route(app, CourseFaceCalls.save, {}, (req) => face.save(userOf(req), req.body));
  route(app, CourseFaceCalls.validateFace, {}, (req) => face.validate(userOf(req), req.body.id));
  route(app, CourseFaceCalls.facePaging, { permission: FACE_ADMIN }, (req) => face.learners(req.body));
  route(app, CourseFaceCalls.capturePaging, {}, (req) => face.captures(userOf(req), req.body));

  // A capture's image bytes (the list carries only this address).
  app.post<{ Params: { id: string } }>(
    `${COURSE_CAPTURE_URL}/:id`,
    {
      schema: {
        params: {
          type: 'object',
          properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
          required: ['id'],
        },
      },
    },
    async (req, reply) => {
      const img = await face.captureImage(userOf(req), req.params.id);
      return reply.type(img.type).header('cache-control', 'private, no-store').send(img.data);
    },
  );
}
