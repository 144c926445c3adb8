/** Whether the side menu shows its short form (§2: 70px instead of 240px), remembered across visits. */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

type SideMenuState = {
  readonly isShort: boolean;
  readonly toggle: () => void;
};

export const useSideMenuStore = create<SideMenuState>()(
  persist((set) => ({ isShort: false, toggle: () => set((state) => ({ isShort: !state.isShort })) }), {
    name: 'beacon.side-menu',
    storage: createJSONStorage(() => localStorage),
    partialize: ({ isShort }) => ({ isShort }),
  }),
);
