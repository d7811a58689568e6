import { Alert, Badge, Box, Button, Code, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDeviceMobile, IconPhoneOff, IconSend } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StepUpGate } from '../../../components/auth/StepUpGate';
import { failureReason } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { browserPageLoader } from '../../../lib/page-route';
import { routeComponent } from '../../../lib/route-component';
import { useTRPC } from '../../../lib/trpc';

/** What the menu showed last: its text without the gateway's "CON "/"END ", and whether it ended the session. */
interface Screen {
  text: string;
  ended: boolean;
}

const readAnswer = (answer: string): Screen => ({
  text: answer.replace(/^(CON|END) /, ''),
  ended: answer.startsWith('END'),
});

/** A gateway's session ids are its own; the simulator's only have to differ from one call to the next. */
const newSessionId = () => `sim-${crypto.randomUUID()}`;

/** /admin/ussd: the USSD menu on a phone-shaped screen, for training and demos. */
export function AdminUssdPage() {
  return (
    <StepUpGate>
      <UssdSimulator />
    </StepUpGate>
  );
}

/**
 * Drives admin.ussd.simulate as a gateway drives POST /api/ussd: one session id per call, and every reply of the
 * session joined by "*" in `text`. The server runs the same menu for the typed number and never saves a vote.
 */
function UssdSimulator() {
  const { t } = useTranslation('admin');
  usePageMeta(t('ussd.title'));
  const trpc = useTRPC();
  const simulate = useMutation(trpc.admin.ussd.simulate.mutationOptions());
  const [phoneNumber, setPhoneNumber] = useState('');
  const [numberError, setNumberError] = useState<string | null>(null);
  const [sessionId, setSessionId] = useState(newSessionId);
  const [choices, setChoices] = useState<string[]>([]);
  const [screen, setScreen] = useState<Screen | null>(null);
  const [reply, setReply] = useState('');
  const busy = simulate.isPending;

  const ask = (nextChoices: string[], id = sessionId) =>
    simulate.mutate(
      { phoneNumber: phoneNumber.trim(), sessionId: id, text: nextChoices.join('*') },
      {
        onSuccess: ({ answer }) => {
          setChoices(nextChoices);
          setScreen(readAnswer(answer));
          setReply('');
        },
      },
    );

  const dial = (event: FormEvent) => {
    event.preventDefault();
    if (!phoneNumber.trim()) {
      setNumberError(t('ussd.numberRequired'));
      return;
    }
    setNumberError(null);
    const id = newSessionId();
    setSessionId(id);
    ask([], id);
  };

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!screen || screen.ended) return;
    ask([...choices, reply.trim()]);
  };

  const hangUp = () => {
    simulate.reset();
    setSessionId(newSessionId());
    setChoices([]);
    setScreen(null);
    setReply('');
  };

  const inSession = screen !== null;

  return (
    <Stack gap="lg" maw={720}>
      <div>
        <Title order={1}>{t('ussd.title')}</Title>
        <Text c="dimmed" mt={4}>
          {t('ussd.lead')}
        </Text>
      </div>
      <Alert color="blue" data-testid="ussd-nothing-saved">
        {t('ussd.nothingSaved')}
      </Alert>
      <form onSubmit={dial} noValidate aria-label={t('ussd.dialForm')}>
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t('ussd.number')}
            description={t('ussd.numberHint')}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            maxLength={32}
            value={phoneNumber}
            onChange={(event) => setPhoneNumber(event.currentTarget.value)}
            error={numberError}
            disabled={busy || inSession}
            style={{ flex: '1 1 220px' }}
            maw={360}
          />
          {!inSession && (
            <Button
              type="submit"
              loading={busy}
              mih={44}
              leftSection={<IconDeviceMobile size={18} aria-hidden />}
            >
              {t('ussd.dial')}
            </Button>
          )}
        </Group>
      </form>

      <Box
        data-testid="ussd-phone"
        p="md"
        pb="lg"
        w="100%"
        maw={320}
        style={{
          borderRadius: 36,
          background: 'var(--mantine-color-dark-7)',
          boxShadow: 'var(--mantine-shadow-md)',
        }}
      >
        <Box
          mx="auto"
          mb="sm"
          w={56}
          h={6}
          style={{ borderRadius: 3, background: 'var(--mantine-color-dark-4)' }}
        />
        <Box
          role="status"
          aria-live="polite"
          aria-label={t('ussd.screen')}
          data-testid="ussd-screen"
          data-ended={screen?.ended ? 'true' : 'false'}
          p="sm"
          mih={200}
          style={{
            borderRadius: 8,
            background: '#e8f0e0',
            color: '#111',
            fontFamily: 'var(--mantine-font-family-monospace)',
            fontSize: 15,
            lineHeight: 1.4,
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
          }}
        >
          {screen ? screen.text : <span style={{ color: '#444' }}>{t('ussd.idle')}</span>}
        </Box>
        {screen?.ended && (
          <Badge mt="xs" color="gray" variant="filled" fullWidth>
            {t('ussd.ended')}
          </Badge>
        )}
        <form onSubmit={send} noValidate aria-label={t('ussd.replyForm')}>
          <Stack gap="xs" mt="sm">
            <TextInput
              label={t('ussd.reply')}
              inputMode="numeric"
              autoComplete="off"
              maxLength={40}
              value={reply}
              onChange={(event) => setReply(event.currentTarget.value)}
              disabled={busy || !inSession || screen?.ended}
              styles={{ label: { color: 'var(--mantine-color-gray-0)' } }}
            />
            <Group grow gap="xs">
              <Button
                type="submit"
                color="green"
                mih={44}
                loading={busy && inSession}
                disabled={busy || !inSession || screen?.ended}
                leftSection={<IconSend size={16} aria-hidden />}
              >
                {t('ussd.send')}
              </Button>
              <Button
                type="button"
                color="red"
                mih={44}
                onClick={hangUp}
                disabled={busy || !inSession}
                leftSection={<IconPhoneOff size={16} aria-hidden />}
              >
                {t('ussd.hangUp')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Box>

      {simulate.isError && (
        <Alert color="red" role="alert" title={t('ussd.failed')}>
          {failureReason(simulate.error)}
        </Alert>
      )}
      {inSession && (
        <Text size="sm" data-testid="ussd-text">
          {t('ussd.gatewayText')} <Code>text={choices.join('*')}</Code>
        </Text>
      )}
    </Stack>
  );
}

/** The page's texts, loaded with its code (lib/page-route.ts). */
export const clientLoader = browserPageLoader({ texts: ['admin'] });

export default routeComponent(AdminUssdPage);
