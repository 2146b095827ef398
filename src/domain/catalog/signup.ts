// The sign-up catalogue: one category, home-repair, with 12 tasks.
export const signupCategories = [
  {
    id: 'home-repair',
    name: 'Home Repair',
    tasks: [
      { id: 'kitchen-remodel', name: 'Kitchen Remodel' },
      { id: 'bathroom-remodel', name: 'Bathroom Remodel' },
      { id: 'flooring', name: 'Flooring' },
      { id: 'concrete', name: 'Concrete' },
      { id: 'painting', name: 'Painting' },
      { id: 'wall-tile', name: 'Wall Tile' },
      { id: 'countertops', name: 'Countertops' },
      { id: 'cabinets', name: 'Cabinets' },
      { id: 'electrical', name: 'Electrical' },
      { id: 'hvac', name: 'HVAC' },
      { id: 'siding', name: 'Siding' },
      { id: 'landscaping', name: 'Landscaping' },
    ],
  },
] as const;

export type SignupCategoryId = (typeof signupCategories)[number]['id'];

export function findSignupCategory(id: string) {
  return signupCategories.find((c) => c.id === id);
}
