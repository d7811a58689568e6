import { MultiSelect, NativeSelect, Radio, Stack } from '@mantine/core';
import { STATE_IDS, type StateId } from '@shared/federal-states';
import { DISTRICT_REGION_CODES, regionsOfState } from '@shared/region-states';
import { DISTRICT_REGIONS } from '@shared/regions';
import { ELIGIBILITY_RULES, type EligibilityRule } from '@shared/voter-roll';
import { useTranslation } from 'react-i18next';

interface EligibilityFieldsProps {
  rule: EligibilityRule;
  onRuleChange(rule: EligibilityRule): void;
  /** The election's regions (empty: every region); polls have none, so leave both out. */
  regions?: string[];
  onRegionsChange?(regions: string[]): void;
  disabled?: boolean;
  /** A validation message for the regions, from the shared schema. */
  regionsError?: string;
}

/**
 * "Who can vote" on the admin forms: enrolled voters, a confirmed e-mail address, or any signed-in account;
 * for enrolled voters, optionally some regions, with a shortcut that adds a federal member state's regions.
 */
export function EligibilityFields({
  rule,
  onRuleChange,
  regions,
  onRegionsChange,
  disabled,
  regionsError,
}: EligibilityFieldsProps) {
  const { t } = useTranslation('eligibility');
  const addState = (state: string) => {
    if (!regions || !onRegionsChange || !state) return;
    const added = regionsOfState(state as StateId);
    onRegionsChange(DISTRICT_REGIONS.filter((region) => regions.includes(region) || added.includes(region)));
  };
  return (
    <Stack gap="xs">
      <Radio.Group
        label={t('form.label')}
        description={t('form.description')}
        value={rule}
        onChange={(value) => onRuleChange(value as EligibilityRule)}
      >
        <Stack gap="xs" mt="xs">
          {ELIGIBILITY_RULES.map((value) => (
            <Radio key={value} value={value} label={t(`form.${value}`)} disabled={disabled} />
          ))}
        </Stack>
      </Radio.Group>
      {rule === 'enrolled' && regions && onRegionsChange && (
        <>
          <MultiSelect
            label={t('form.regions')}
            description={t('form.regionsDescription')}
            placeholder={regions.length === 0 ? t('form.regionsPlaceholder') : undefined}
            data={DISTRICT_REGIONS.map((region) => ({
              value: region,
              label: t(`region.${DISTRICT_REGION_CODES[region]}`),
            }))}
            value={regions}
            onChange={(value) => onRegionsChange(DISTRICT_REGIONS.filter((region) => value.includes(region)))}
            searchable
            clearable
            disabled={disabled}
            error={regionsError}
          />
          <NativeSelect
            label={t('form.states')}
            aria-label={t('form.states')}
            data={[
              { value: '', label: '—' },
              ...STATE_IDS.map((state) => ({
                value: state,
                label: t('form.addState', { state: t(`state.${state}`) }),
              })),
            ]}
            value=""
            onChange={(event) => addState(event.currentTarget.value)}
            disabled={disabled}
          />
        </>
      )}
    </Stack>
  );
}
