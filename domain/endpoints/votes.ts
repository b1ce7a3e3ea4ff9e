/** /api/votes (product §7). */
import { voteBodySchema, voteParamsSchema, voteResultSchema } from '../votes.ts';
import { problems, record, write, type EndpointDocs } from './define.ts';

export const voteEndpoints = {
  cast: write('POST', record('/votes/:votable_type', voteParamsSchema), '', {
    body: voteBodySchema,
    responses: { 200: voteResultSchema, ...problems(409) },
  }),
};

/** OpenAPI text (the server's document only: the web bundle leaves it out). */
export const voteDocs: EndpointDocs<typeof voteEndpoints> = {
  cast: {
    summary: 'Vote on a building, image, comment or architectural style',
    description:
      'Faces (building, image, architectural_style): 1 smile, 0 meh, -1 frown. Comments: 1 up, -1 down. ' +
      'Sending the vote you already have removes it. Answers the target’s new counts and your vote.',
  },
};
