import type { PostPageBody } from '@growi/sdk-typescript/v3';
import { z } from 'zod';
import { appNameSchema } from '../../commons/app-name-schemas';

export const createPageParamSchema = z.object({
  path: z.string(),
  body: z.string(),
  grant: z.number().min(0).max(5).optional(),
  grantUserGroupIds: z
    .array(
      z.object({
        type: z.string().optional(),
        item: z.string().optional(),
      }),
    )
    .optional(),
  pageTags: z.array(z.string()).optional(),

  // Name used to identify the GROWI App registered with the MCP Server
  ...appNameSchema.shape,
}) satisfies z.ZodType<PostPageBody>;

export type ValidatedParams = z.infer<typeof createPageParamSchema>;
