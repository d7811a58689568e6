import { Alert, Button, Group, Text } from '@mantine/core';
import type { EligibilityRequirement, IneligibleReason } from '@shared/eligibility';
import { DISTRICT_REGION_CODES } from '@shared/region-states';
import type { DistrictRegion } from '@shared/regions';
import { IconMapPin, IconUserCircle, IconUserExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMessageTexts } from '../../i18n/error-texts';

type Ballot = 'election' | 'poll';

/** The reasons a signed-in reader sees, by their sentence in the errors namespace (the server's own words). */
const REASON_CODES: Record<Exclude<IneligibleReason, 'signIn'>, string> = {
  notOnRoll: 'eligibility.notOnRoll',
  pending: 'eligibility.pending',
  suspended: 'eligibility.suspended',
  outsideRegion: 'eligibility.outsideRegion',
  emailUnverified: 'eligibility.emailUnverified',
  phoneUnconfirmed: 'eligibility.phoneUnconfirmed',
  contactUnconfirmed: 'eligibility.contactUnconfirmed',
};

const CONTACT_REASONS = new Set<IneligibleReason>([
  'emailUnverified',
  'phoneUnconfirmed',
  'contactUnconfirmed',
]);

const BALLOT_KEYS = { election: 'eligibility.thisElection', poll: 'eligibility.thisPoll' } as const;

/** A region's name in the reader's language (the district list's spelling when it is not one of the 18). */
export function useRegionName(): (region: string) => string {
  const { t } = useTranslation('eligibility');
  return (region) => {
    const code = DISTRICT_REGION_CODES[region as DistrictRegion];
    return code ? t(`region.${code}`) : region;
  };
}

/**
 * Instead of a vote button that would fail: what stands in the way (the title), why, in the words the server
 * would use, and where to go next (their account, named by what to do there; the registration centers).
 */
export function EligibilityNotice({
  reason,
  requirement,
  region,
  ballot,
  compact = false,
}: {
  reason: IneligibleReason;
  requirement: EligibilityRequirement;
  region: string | null;
  ballot: Ballot;
  /** On a hub card: no title, smaller buttons side by side. */
  compact?: boolean;
}) {
  const { errorCodeText } = useMessageTexts();
  const { t } = useTranslation('eligibility');
  const regionName = useRegionName();
  if (reason === 'signIn') return null;
  const sentence = errorCodeText(REASON_CODES[reason], {
    ballot: { key: BALLOT_KEYS[ballot] },
    regions: (requirement.eligibleRegions ?? []).map(regionName).join(', '),
    region: region ? regionName(region) : '',
  });
  // A contact to confirm is done on the account page; the other reasons are the roll's, done at a center. The
  // account button says what to do there when there is one thing to do: get a code, or confirm the contact.
  const roll = !CONTACT_REASONS.has(reason);
  const accountAction = roll
    ? reason === 'notOnRoll'
      ? t('notice.getCode')
      : t('notice.account')
    : t('notice.confirmContact');
  return (
    <Alert
      color="orange"
      icon={<IconUserExclamation aria-hidden />}
      title={compact ? undefined : t(`notice.titles.${reason}`)}
      data-eligibility-reason={reason}
    >
      <Text size="sm">{sentence}</Text>
      <Group gap="xs" mt="sm">
        <Button
          component={Link}
          to="/account"
          variant="light"
          size={compact ? 'xs' : 'sm'}
          mih={44}
          leftSection={<IconUserCircle size={16} aria-hidden />}
        >
          {accountAction}
        </Button>
        {roll && (
          <Button
            component={Link}
            to="/registration-centers"
            variant="light"
            size={compact ? 'xs' : 'sm'}
            mih={44}
            leftSection={<IconMapPin size={16} aria-hidden />}
          >
            {t('notice.centers')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}

/** "Who can vote: enrolled voters in Banadir, Bay": the ballot's own rule, the same for every reader. */
export function WhoCanVote({ requirement }: { requirement: EligibilityRequirement }) {
  const { t } = useTranslation('eligibility');
  const regionName = useRegionName();
  const regions = requirement.eligibleRegions;
  // An offline copy of a ballot from a release before the rule: nothing to say.
  if (!requirement.eligibility) return null;
  const rule =
    requirement.eligibility === 'enrolled' && regions
      ? t('rule.enrolledIn', { regions: regions.map(regionName).join(', ') })
      : t(`rule.${requirement.eligibility}`);
  return (
    <Text size="sm" data-testid="who-can-vote">
      {t('whoCanVoteLine', { rule })}
    </Text>
  );
}
