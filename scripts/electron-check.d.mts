// Types for scripts/electron-check.mjs (plain JavaScript so `npm start` needs no build step).
export declare const BUILD_OUTPUTS: string[];
export declare const BUILD_INPUTS: string[];
export declare function needsBuild(outputMtimes: (number | null)[], newestInputMtime: number): boolean;
export declare function newestMtime(paths: string[]): number;
export declare function locateElectron(
  requireFn: (id: string) => unknown,
  exists: (p: string) => boolean,
): { path: string } | { path: null; problem: string };
export declare function hasDisplay(platform: string, env: Record<string, string | undefined>): boolean;
export type LaunchDecision =
  { mode: 'electron'; electronPath: string } | { mode: 'headless'; reasons: string[] };
export declare function decideLaunch(facts: {
  electronPath: string | null;
  platform: string;
  env: Record<string, string | undefined>;
}): LaunchDecision;
export declare function headlessUrl(args: string[], env: Record<string, string | undefined>): string;
export declare function headlessNotice(reasons: string[], url: string): string;
