import {
  COMMITTEE_API,
  type CommitteeMember,
  committeeAssignSchema,
  committeeCreateSchema,
  committeeListQuerySchema,
  committeeMemberSchema,
  committeeUpdateSchema,
  type MembersApiItem,
  type MembersApiList,
  memberIdParamsSchema,
  membersItemAnswerOf,
  membersListAnswerOf,
} from '@ummahnotify/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorId } from '../../auth/actor';
import { SUPERADMIN } from '../../auth/rights';
import {
  assignRole,
  createCommitteeMember,
  deleteCommitteeMember,
  listCommittee,
  updateCommitteeMember,
} from './store';

const LIST = membersListAnswerOf(committeeMemberSchema);
const ITEM = membersItemAnswerOf(committeeMemberSchema);

const ONE = `${COMMITTEE_API.list}/:id`;
const ASSIGN = `${COMMITTEE_API.list}/assign/:id`;

/** Committee members (docs/product/api.md): superadmin only. Answers `{code, data}`; create answers 201. */
export async function registerCommittee(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    COMMITTEE_API.list,
    { schema: { response: { 200: LIST }, querystring: committeeListQuerySchema }, config: { access: SUPERADMIN } },
    async (request): Promise<MembersApiList<CommitteeMember>> => {
      const { members, nextCursor } = await listCommittee(db, request.query);
      return { code: 200, data: members, nextCursor };
    },
  );

  r.post(
    COMMITTEE_API.list,
    { schema: { response: { 201: ITEM }, body: committeeCreateSchema }, config: { access: SUPERADMIN } },
    async (request, reply): Promise<MembersApiItem<CommitteeMember>> => {
      const data = await createCommitteeMember(db, request.body, actorId(request));
      reply.status(201);
      return { code: 201, data };
    },
  );

  r.patch(
    ONE,
    {
      schema: { response: { 200: ITEM }, params: memberIdParamsSchema, body: committeeUpdateSchema },
      config: { access: SUPERADMIN },
    },
    async (request): Promise<MembersApiItem<CommitteeMember>> => {
      return { code: 200, data: await updateCommitteeMember(db, request.params.id, request.body, actorId(request)) };
    },
  );

  r.delete(
    ONE,
    { schema: { response: { 200: ITEM }, params: memberIdParamsSchema }, config: { access: SUPERADMIN } },
    async (request): Promise<MembersApiItem<CommitteeMember>> => {
      return { code: 200, data: await deleteCommitteeMember(db, request.params.id, actorId(request)) };
    },
  );

  r.patch(
    ASSIGN,
    {
      schema: { response: { 200: ITEM }, params: memberIdParamsSchema, body: committeeAssignSchema },
      config: { access: SUPERADMIN },
    },
    async (request): Promise<MembersApiItem<CommitteeMember>> => {
      const { userId, role } = request.body;
      return { code: 200, data: await assignRole(db, request.params.id, userId, role, actorId(request)) };
    },
  );
}
