import { useState, type Dispatch } from 'react';
import { ActionIcon, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { COUNTRY_OPTIONS } from '../model/countries.ts';
import { ADDRESS_LINES_MAX, leftEmptyMessage, type WizardAction, type WizardState } from '../model/wizard.ts';

interface AddressStepProps {
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
}

const countryData = COUNTRY_OPTIONS.map((c) => ({ value: c.value, label: c.label }));

/**
 * Product §2 step 2, Address: 1 to 3 lines, city, state, postal code and the country (default US,
 * or the one the coordinates lie in).
 */
export function AddressStep({ state, dispatch }: AddressStepProps) {
  const { address } = state;
  // A missing first line is said when the user leaves it (advancing stays allowed).
  const [line1Left, setLine1Left] = useState(false);
  const line1Error = leftEmptyMessage(state, 'line1', line1Left);
  const subtitle = state.addressFromPlace
    ? "We've filled in the address - please review and adjust if needed"
    : 'Please enter the address information';

  return (
    <Stack gap="sm">
      <Text c="dimmed">{subtitle}</Text>
      {address.lines.map((line, index) => (
        <TextInput
          // Lines shift up when one is removed: the position is the identity.
          key={index}
          label={`Address line ${index + 1}`}
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
                aria-label={`Remove address line ${index + 1}`}
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
            + Add address line
          </Button>
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <TextInput
          label="City"
          maxLength={100}
          value={address.city}
          onChange={(e) => dispatch({ type: 'setAddressField', field: 'city', value: e.currentTarget.value })}
        />
        <TextInput
          label="State"
          maxLength={100}
          value={address.state}
          onChange={(e) =>
            dispatch({ type: 'setAddressField', field: 'state', value: e.currentTarget.value })
          }
        />
        <TextInput
          label="Postal code"
          maxLength={20}
          value={address.postalCode}
          onChange={(e) =>
            dispatch({ type: 'setAddressField', field: 'postalCode', value: e.currentTarget.value })
          }
        />
      </SimpleGrid>
      <Select
        label="Country"
        required
        searchable
        allowDeselect={false}
        data={countryData}
        value={address.countryCode || null}
        // Say why it is not the default; the user can still change it.
        description={state.countrySource === 'coordinates' ? 'From the coordinates' : undefined}
        onChange={(value) => dispatch({ type: 'setAddressField', field: 'countryCode', value: value ?? '' })}
        nothingFoundMessage="No matching country"
        comboboxProps={{ withinPortal: true, zIndex: 400 }}
      />
    </Stack>
  );
}
