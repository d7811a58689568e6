import type { PollPublishSummary } from '@shared/approvals';
import type { Db } from '../../db/client';
import { publishablePoll, publishPoll } from '../polls/poll-admin';
import { withPollTitle } from '../polls/poll-views';
import { type ApprovalRow, requestApproval } from './store';

/**
 * polls.publish: a draft that may open now waits for a second System Admin; it stays a draft until then. A poll
 * that could not open is refused at once, with the sentence the confirm would meet.
 */
export function requestPollPublish(db: Db, id: string, requestedBy: string) {
  const poll = withPollTitle(publishablePoll(db, id));
  // A poll left without a title is named by the one written for it, in both languages.
  const summary: PollPublishSummary = {
    title: poll.title,
    titleText: poll.titleText,
    monthYear: poll.monthYear,
    opensAt: poll.opensAt.toISOString(),
    closesAt: poll.closesAt.toISOString(),
  };
  return requestApproval(db, { kind: 'pollPublish', subject: id, payload: { id }, summary, requestedBy });
}

/**
 * Confirmed: published only if it still may be (still a draft, its window within its month, no other open
 * presidential poll over its dates, a candidate on it), every check the publication itself makes.
 */
export function applyPollPublish(db: Db, request: ApprovalRow, confirmerId: string) {
  const { id } = JSON.parse(request.payload) as { id: string };
  publishPoll(db, id, confirmerId, request.requestedBy);
  return { pollId: id };
}
