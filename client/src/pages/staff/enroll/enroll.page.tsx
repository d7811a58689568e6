import { Alert, Button, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContentText } from '../../../components/content/ContentText';
import { useRegionName } from '../../../components/elections/EligibilityNotice';
import { failureReason } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { browserPageLoader } from '../../../lib/page-route';
import { routeComponent } from '../../../lib/route-component';
import { useTRPC } from '../../../lib/trpc';
import { RequireSection } from '../layout/StaffLayout';
import { type CodeHolder, CodeStep } from './CodeStep';
import { EnrollForm } from './EnrollForm';
import { RecentEntries } from './RecentEntries';

/** /staff/enroll: a registrar records a citizen seen in person at one of their centers. */
export function StaffEnrollPage() {
  return (
    <RequireSection section="registrar">
      <EnrollContent />
    </RequireSection>
  );
}

function EnrollContent() {
  const { t } = useTranslation('staff');
  const contentText = useContentText();
  const regionName = useRegionName();
  usePageMeta(t('enroll.title'));
  const trpc = useTRPC();
  const centers = useQuery(trpc.registrar.centers.queryOptions());
  const [chosen, setChosen] = useState<string | null>(null);
  const [holder, setHolder] = useState<CodeHolder | null>(null);
  const [done, setDone] = useState<{ fullName: string; voterCardNumber: string } | null>(null);
  // Remounting the code step clears it for the next citizen.
  const [round, setRound] = useState(0);

  const list = centers.data ?? [];
  const center = list.find((item) => item.id === chosen) ?? (list.length === 1 ? list[0] : undefined);

  function next() {
    setHolder(null);
    setDone(null);
    setRound((value) => value + 1);
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('enroll.title')}</Title>
        <Text c="dimmed" mt={4}>
          {t('enroll.lead')}
        </Text>
      </div>
      {centers.isError ? (
        <Alert color="red" role="alert">
          {failureReason(centers.error)}
        </Alert>
      ) : centers.isSuccess && list.length === 0 ? (
        <Alert color="yellow" role="status" title={t('enroll.noCentersTitle')}>
          {t('enroll.noCenters')}
        </Alert>
      ) : (
        <Select
          label={t('enroll.center')}
          placeholder={t('enroll.centerPlaceholder')}
          data={list.map((item) => ({
            value: item.id,
            label: `${contentText(item.nameText)} (${regionName(item.region)})`,
          }))}
          value={center?.id ?? null}
          onChange={(value) => {
            setChosen(value);
            setHolder(null);
          }}
          disabled={!centers.isSuccess}
          allowDeselect={false}
          maw={480}
        />
      )}
      {done ? (
        <Alert color="green" role="status" title={t('enroll.recorded')} data-testid="enroll-done">
          <Text>{t('enroll.recordedText', { name: done.fullName, card: done.voterCardNumber })}</Text>
          <Button mt="sm" onClick={next}>
            {t('enroll.another')}
          </Button>
        </Alert>
      ) : center && holder ? (
        <EnrollForm
          holder={holder}
          centerId={center.id}
          districts={center.districts}
          onEnrolled={setDone}
          onCancel={next}
        />
      ) : center ? (
        <CodeStep key={round} onFound={setHolder} />
      ) : null}
      <RecentEntries />
    </Stack>
  );
}

/** The page's texts, loaded with its code (lib/page-route.ts). */
export const clientLoader = browserPageLoader({ texts: ['staff', 'eligibility'] });

export default routeComponent(StaffEnrollPage);
