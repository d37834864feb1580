CREATE TABLE `plugins` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`version` text NOT NULL,
	`kind` text NOT NULL,
	`source` text NOT NULL,
	`manifest` text NOT NULL,
	`is_enabled` integer DEFAULT true NOT NULL,
	`installed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `plugins_name_unique` ON `plugins` (`name`);