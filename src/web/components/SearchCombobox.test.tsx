import { screen, within } from '@testing-library/react';
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

describe('SearchCombobox', () => {
  it('lists label matches before matches found only in the keywords, and chooses with the keyboard', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(
      <SearchCombobox
        id="r"
        options={options}
        value={null}
        onChange={onChange}
        placeholder="Select your region"
        searchLabel="Search regions"
        listLabel="Regions"
        noMatchText="No region found."
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Select your region' }));
    await user.type(screen.getByLabelText('Search regions'), 'San');
    const list = screen.getByRole('list', { name: 'Regions' });
    const names = within(list)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(names).toEqual(['San Diego, CA', 'Santa Fe, NM', 'Carlsbad, CA', 'Oakland, CA', 'Austin, TX']);

    await user.clear(screen.getByLabelText('Search regions'));
    await user.type(screen.getByLabelText('Search regions'), 'zzz');
    expect(screen.getByText('No region found.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Search regions'));
    await user.type(screen.getByLabelText('Search regions'), 'oakl');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('oakland');
  });
});
