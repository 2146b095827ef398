// The role-requests module's front door: the messages its answers use.
export { roleRequestMessages } from './role-requests.service.ts';
