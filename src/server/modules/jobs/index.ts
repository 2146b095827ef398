// Jobs (decision 0039): hiring and the job from start to finish. Other modules use its service, its types and the
// cancellation of a closing account's open jobs.
export {
  cancelOpenJobsOf,
  createJobsService,
  JOB_MESSAGES,
  stateRefusal,
  type JobsService,
  type JobViewer,
} from './jobs.service.ts';
