import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

const SERVER_STAYS_ON_THE_SERVER = {
  group: ["**/*.server", "**/*.server.ts", "~/server/*"],
  message: "Server modules stay on the server.",
};

/** The browser's code: components and browser helpers. */
const BROWSER_CODE = [
  "~/components",
  "~/components/**",
  "~/lib",
  "~/lib/**",
  "../**/components/**",
  "../**/lib/**",
];

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "drizzle/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  // The house's walls (docs/ARCHITECTURE.md "Layers"). A file gets one list of
  // restricted imports: where two blocks below match the same file, the later one's
  // list replaces the earlier one's, so each block spells out every wall of its files.
  {
    // zod is configured once (app/domain/core/zod.ts, docs/decisions/024): schemas import it there.
    files: ["**/*.{ts,tsx}"],
    ignores: ["app/domain/core/zod.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "zod",
              message: 'Import z from "~/domain/core/zod" (configured for our CSP).',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // Server-only modules must never be imported by code that runs in the browser.
    files: ["app/components/**/*.{ts,tsx}", "app/lib/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [SERVER_STAYS_ON_THE_SERVER] }],
    },
  },
  {
    // Pure rules: below the server and the browser code, importing neither.
    files: ["app/domain/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            SERVER_STAYS_ON_THE_SERVER,
            {
              group: BROWSER_CODE,
              message:
                "Domain rules import only domain modules: what browser and server share lives in app/domain.",
            },
          ],
        },
      ],
    },
  },
  {
    // The server stands on domain rules, never on browser code.
    files: ["app/server/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: BROWSER_CODE,
              message:
                "The server does not import browser code: move what both need into app/domain.",
            },
          ],
        },
      ],
    },
  },
  {
    // Admin screens are configuration on the kit: talking to an action and drawing a
    // dialog are the kit's job (useAdminFetcher, EntityFormDialog, ConfirmDialog,
    // DetailDialog), so a new screen cannot go around it.
    files: ["app/components/admin/**/*.{ts,tsx}"],
    ignores: ["app/components/admin/kit/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/*.server", "**/*.server.ts", "~/server/*"],
              message: "Server modules stay on the server.",
            },
            {
              group: ["~/components/ui/dialog"],
              message:
                "Use the admin kit's dialogs (EntityFormDialog, ConfirmDialog, DetailDialog).",
            },
          ],
          paths: [
            {
              name: "react-router",
              importNames: ["useFetcher"],
              message: "Use the admin kit's useAdminFetcher.",
            },
          ],
        },
      ],
    },
  },
);
