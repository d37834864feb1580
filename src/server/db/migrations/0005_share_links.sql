CREATE TABLE `share_links` (
	`id` text PRIMARY KEY NOT NULL,
	`page_id` text NOT NULL,
	`creator_id` text,
	`expired_at` integer,
	`description` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`page_id`) REFERENCES `pages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`creator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `share_links_page_id_idx` ON `share_links` (`page_id`);