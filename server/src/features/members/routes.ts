import {
  MEMBERS_API,
  type Member,
  type MembersApiItem,
  type MembersApiList,
  memberCreateSchema,
  memberIdParamsSchema,
  memberListQuerySchema,
  memberSchema,
  membersItemAnswerOf,
  membersListAnswerOf,
  memberUpdateSchema,
  memberVerifySchema,
} from '@ummahnotify/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorId } from '../../auth/actor';
import { SUPERADMIN } from '../../auth/rights';
import { createMember, deleteMember, listMembers, updateMember, verifyMember } from './store';

const LIST = membersListAnswerOf(memberSchema);
const ITEM = membersItemAnswerOf(memberSchema);

const ONE = MEMBERS_API.one(':id');
const VERIFY = MEMBERS_API.verify(':id');

/** Members, masjids and partners (docs/product/api.md): superadmin only. Answers `{code, data}`. */
export async function registerMembers(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    MEMBERS_API.list,
    { schema: { response: { 200: LIST }, querystring: memberListQuerySchema }, config: { access: SUPERADMIN } },
    async (request): Promise<MembersApiList<Member>> => {
      const { members, nextCursor } = await listMembers(db, request.query);
      return { code: 200, data: members, nextCursor };
    },
  );

  r.post(
    MEMBERS_API.list,
    { schema: { response: { 200: ITEM }, body: memberCreateSchema }, config: { access: SUPERADMIN } },
    async (request): Promise<MembersApiItem<Member>> => {
      return { code: 200, data: await createMember(db, request.body, actorId(request)) };
    },
  );

  r.patch(
    ONE,
    {
      schema: { response: { 200: ITEM }, params: memberIdParamsSchema, body: memberUpdateSchema },
      config: { access: SUPERADMIN },
    },
    async (request): Promise<MembersApiItem<Member>> => {
      return { code: 200, data: await updateMember(db, request.params.id, request.body, actorId(request)) };
    },
  );

  r.delete(
    ONE,
    { schema: { response: { 200: ITEM }, params: memberIdParamsSchema }, config: { access: SUPERADMIN } },
    async (request): Promise<MembersApiItem<Member>> => {
      return { code: 200, data: await deleteMember(db, request.params.id, actorId(request)) };
    },
  );

  r.put(
    VERIFY,
    {
      schema: { response: { 200: ITEM }, params: memberIdParamsSchema, body: memberVerifySchema },
      config: { access: SUPERADMIN },
    },
    async (request): Promise<MembersApiItem<Member>> => {
      return { code: 200, data: await verifyMember(db, request.params.id, request.body.verified, actorId(request)) };
    },
  );
}
