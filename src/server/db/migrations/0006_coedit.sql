CREATE TABLE `coedit_docs` (
	`page_id` text PRIMARY KEY NOT NULL,
	`state` blob NOT NULL,
	`base_revision_id` text NOT NULL,
	`editor_ids` text DEFAULT '[]' NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`page_id`) REFERENCES `pages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `revision_coeditors` (
	`revision_id` text NOT NULL,
	`user_id` text NOT NULL,
	PRIMARY KEY(`revision_id`, `user_id`),
	FOREIGN KEY (`revision_id`) REFERENCES `revisions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
