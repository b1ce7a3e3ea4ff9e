import { useState, type Dispatch } from 'react';
import { ActionIcon, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { countryOptions } from '../model/countries.ts';
import { ADDRESS_LINES_MAX, leftEmptyMessage, type WizardAction, type WizardState } from '../model/wizard.ts';
import { currentLanguage, t } from '../../../lib/i18n.ts';
import { fieldError } from '../../../lib/building-form/field-message.ts';

interface AddressStepProps {
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
}

/**
 * Product §2 step 2, Address: 1 to 3 lines, city, state, postal code and the country (default US,
 * or the one the coordinates lie in).
 */
export function AddressStep({ state, dispatch }: AddressStepProps) {
  const { address } = state;
  // A missing first line is said when the user leaves it (advancing stays allowed).
  const [line1Left, setLine1Left] = useState(false);
  const line1Error = fieldError(leftEmptyMessage(state, 'line1', line1Left));
  const subtitle = state.addressFromPlace
    ? t("We've filled in the address - please review and adjust if needed")
    : t('Please enter the address information');
  // The countries named in the page's language, in its alphabetical order.
  const countryData = countryOptions(currentLanguage());

  return (
    <Stack gap="sm">
      <Text c="dimmed">{subtitle}</Text>
      {address.lines.map((line, index) => (
        <TextInput
          // Lines shift up when one is removed: the position is the identity.
          key={index}
          label={t('Address line {number}', { number: index + 1 })}
          required={index === 0}
          error={index === 0 ? line1Error : undefined}
          onBlur={index === 0 ? () => setLine1Left(true) : undefined}
          maxLength={200}
          value={line}
          onChange={(e) => dispatch({ type: 'setAddressLine', index, value: e.currentTarget.value })}
          rightSection={
            index > 0 ? (
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('Remove address line {number}', { number: index + 1 })}
                onClick={() => dispatch({ type: 'removeAddressLine', index })}
              >
                ×
              </ActionIcon>
            ) : null
          }
        />
      ))}
      {address.lines.length < ADDRESS_LINES_MAX && (
        <Group>
          <Button variant="subtle" size="compact-sm" onClick={() => dispatch({ type: 'addAddressLine' })}>
            {t('+ Add address line')}
          </Button>
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <TextInput
          label={t('City')}
          maxLength={100}
          value={address.city}
          onChange={(e) => dispatch({ type: 'setAddressField', field: 'city', value: e.currentTarget.value })}
        />
        <TextInput
          label={t('State')}
          maxLength={100}
          value={address.state}
          onChange={(e) =>
            dispatch({ type: 'setAddressField', field: 'state', value: e.currentTarget.value })
          }
        />
        <TextInput
          label={t('Postal code')}
          maxLength={20}
          value={address.postalCode}
          onChange={(e) =>
            dispatch({ type: 'setAddressField', field: 'postalCode', value: e.currentTarget.value })
          }
        />
      </SimpleGrid>
      <Select
        label={t('Country')}
        required
        searchable
        allowDeselect={false}
        data={countryData}
        value={address.countryCode || null}
        // Say why it is not the default; the user can still change it.
        description={state.countrySource === 'coordinates' ? t('From the coordinates') : undefined}
        onChange={(value) => dispatch({ type: 'setAddressField', field: 'countryCode', value: value ?? '' })}
        nothingFoundMessage={t('No matching country')}
        comboboxProps={{ withinPortal: true, zIndex: 400 }}
      />
    </Stack>
  );
}
