export declare const requiredInProduction: readonly string[];
export declare function missingProductionSettings(
  env: Record<string, string | undefined>,
): string[];
export declare function refusedProductionSettings(
  env: Record<string, string | undefined>,
): string[];
