import type { CommitteeMember, Member } from '@ummahnotify/domain';

const at = '2026-11-20T02:30:00.000Z';

export function member(over: Partial<Member> = {}): Member {
  return {
    _id: '11111111-1111-4111-8111-111111111111',
    adminId: null,
    fName: 'Nur',
    lName: 'Aqilah',
    dateofBirth: '2003-06-30',
    postal: '821306',
    email: 'nur.aqilah@example.sg',
    contact: '88761234',
    position: 'member',
    isVerified: false,
    isPartner: false,
    isVolunteer: true,
    businessName: '',
    uen: '',
    membershipStatus: 'active',
    registerOn: at,
    createdAt: at,
    updatedAt: at,
    ...over,
  };
}

export const MEMBERS: Member[] = [
  member(),
  member({
    _id: '22222222-2222-4222-8222-222222222222',
    fName: 'Abdul',
    lName: 'Rahim',
    email: 'masjid.sultan@example.sg',
    position: 'masjid',
    isVolunteer: false,
    isVerified: true,
    businessName: 'Masjid Sultan',
  }),
  member({
    _id: '33333333-3333-4333-8333-333333333333',
    fName: 'Rizwan',
    lName: 'Abdullah',
    email: 'alikhlas@example.sg',
    position: 'partner',
    isPartner: true,
    isVolunteer: false,
    businessName: 'Al-Ikhlas Janazah Services',
    uen: '201912345K',
  }),
];

export function committeeMember(over: Partial<CommitteeMember> = {}): CommitteeMember {
  return {
    _id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    fName: 'Kavitha',
    lName: 'Mohamed',
    email: 'kavitha@example.sg',
    contact: '91230003',
    birthDate: '1996-11-02',
    postal: '461025',
    gender: 'female',
    rights: 'editor',
    position: 'secretary',
    backendUser: true,
    userId: 'user-kavitha',
    createdAt: at,
    updatedAt: at,
    ...over,
  };
}

export const COMMITTEE: CommitteeMember[] = [
  committeeMember(),
  committeeMember({
    _id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
    fName: 'Zainab',
    lName: 'Marican',
    email: 'zainab@example.sg',
    birthDate: '2000-03-15',
    rights: 'none',
    position: 'committee member',
    backendUser: false,
    userId: null,
  }),
  committeeMember({
    _id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
    fName: 'Aisha',
    lName: 'Rahman',
    email: 'aisha@example.sg',
    birthDate: '1990-02-11',
    rights: 'superadmin',
    position: 'chairperson',
    userId: 'user-aisha',
  }),
];
