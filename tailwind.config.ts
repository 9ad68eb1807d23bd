import type { Config } from "tailwindcss";
import { BRAND } from "./app/ui/brand";

export default {
  content: ["./app/**/{**,.client,.server}/**/*.{js,jsx,ts,tsx}"],
  theme: {
    extend: {
      // The brand palette as named tokens, with their contrast: app/ui/brand.ts.
      colors: { brand: BRAND },
    },
  },
  plugins: [],
} satisfies Config;
