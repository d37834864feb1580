CREATE TABLE `redirects` (
	`from_path` text PRIMARY KEY NOT NULL,
	`page_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`page_id`) REFERENCES `pages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `pages` ADD `parent_id` text;--> statement-breakpoint
ALTER TABLE `pages` ADD `is_empty` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `pages` ADD `descendant_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `pages` ADD `status` text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE `pages` ADD `deleted_at` integer;--> statement-breakpoint
ALTER TABLE `pages` ADD `delete_user_id` text REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `pages_parent_id_path_idx` ON `pages` (`parent_id`,`path`);