import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '#web/test/render.tsx';
import { SearchCombobox } from './SearchCombobox.tsx';

const options = [
  { value: 'carlsbad', label: 'Carlsbad, CA', keywords: 'San Diego-Chula Vista-Carlsbad, CA' },
  { value: 'oakland', label: 'Oakland, CA', keywords: 'San Francisco-Oakland-Fremont, CA' },
  { value: 'san-diego', label: 'San Diego, CA', keywords: 'San Diego-Chula Vista-Carlsbad, CA' },
  { value: 'santa-fe', label: 'Santa Fe, NM', keywords: 'Santa Fe, NM' },
  { value: 'austin', label: 'Austin, TX', keywords: 'Austin-Round Rock-San Marcos, TX' },
];

/** The combobox with its label and a controlled value, as a form holds it. */
function Field({ onChange, initial = null }: { onChange: (value: string) => void; initial?: string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <label htmlFor="r">Region</label>
      <SearchCombobox
        id="r"
        options={options}
        value={value}
        onChange={(v) => {
          setValue(v);
          onChange(v);
        }}
        placeholder="Select your region"
        listLabel="Regions"
        noMatchText="No region found."
        describedBy="r-hint"
      />
      <p id="r-hint">Where the work is.</p>
    </>
  );
}

function renderField(initial: string | null = null) {
  const onChange = vi.fn();
  const rendered = renderWithProviders(<Field onChange={onChange} initial={initial} />);
  return { ...rendered, onChange, box: screen.getByRole('combobox', { name: 'Region' }) };
}

const optionNames = () =>
  within(screen.getByRole('listbox', { name: 'Regions' }))
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('SearchCombobox', () => {
  it('is a combobox named by its label that controls a listbox, closed until used', () => {
    const { box } = renderField();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveAttribute('aria-autocomplete', 'list');
    expect(box).toHaveAccessibleDescription('Where the work is.');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    const list = document.getElementById(box.getAttribute('aria-controls') ?? '');
    expect(list).toHaveAttribute('role', 'listbox');
  });

  it('typing filters the options, label matches before keyword matches', async () => {
    const { user, box } = renderField();
    await user.type(box, 'San');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(optionNames()).toEqual([
      'San Diego, CA',
      'Santa Fe, NM',
      'Carlsbad, CA',
      'Oakland, CA',
      'Austin, TX',
    ]);

    await user.clear(box);
    await user.type(box, 'fe');
    expect(optionNames()).toEqual(['Santa Fe, NM']);

    await user.clear(box);
    await user.type(box, 'zzz');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No region found.')).toBeInTheDocument();
  });

  it('ArrowDown then Enter chooses the active option and shows it in the box', async () => {
    const { user, box, onChange } = renderField();
    await user.type(box, 'San');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith('san-diego');
    expect(box).toHaveValue('San Diego, CA');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveFocus();
  });

  it('aria-activedescendant names the active option as the arrows move, wrapping at both ends', async () => {
    const { user, box } = renderField();
    await user.click(box);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).not.toHaveAttribute('aria-activedescendant');

    const active = () => document.getElementById(box.getAttribute('aria-activedescendant') ?? '');
    await user.keyboard('{ArrowDown}');
    expect(active()).toHaveAccessibleName('Carlsbad, CA');
    expect(active()).toHaveAttribute('role', 'option');
    await user.keyboard('{ArrowDown}');
    expect(active()).toHaveAccessibleName('Oakland, CA');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(active()).toHaveAccessibleName('Austin, TX');
    await user.keyboard('{ArrowDown}');
    expect(active()).toHaveAccessibleName('Carlsbad, CA');
    // Typing starts a new search with no active option.
    await user.type(box, 'x');
    expect(box).not.toHaveAttribute('aria-activedescendant');
  });

  it('opens on the chosen option, marked selected, and Escape closes without changing it', async () => {
    const { user, box, onChange } = renderField('oakland');
    expect(box).toHaveValue('Oakland, CA');
    await user.click(box);
    expect(screen.getByRole('option', { name: 'Oakland, CA' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('option', { name: 'Austin, TX' })).toHaveAttribute('aria-selected', 'false');
    expect(document.getElementById(box.getAttribute('aria-activedescendant') ?? '')).toHaveAccessibleName(
      'Oakland, CA',
    );

    await user.keyboard('{ArrowDown}');
    await user.type(box, 'Aus');
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('Oakland, CA');
    expect(onChange).not.toHaveBeenCalled();

    // ArrowDown opens the list again; leaving the field drops the search too.
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.type(box, 'Aus');
    await user.tab();
    expect(box).toHaveValue('Oakland, CA');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('Enter chooses the only match; a click or tap on an option chooses it', async () => {
    const { user, box, onChange } = renderField();
    await user.type(box, 'oakl');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('oakland');

    await user.click(box);
    await user.click(screen.getByRole('option', { name: 'Austin, TX' }));
    expect(onChange).toHaveBeenLastCalledWith('austin');
    expect(box).toHaveValue('Austin, TX');
    expect(box).toHaveFocus();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
