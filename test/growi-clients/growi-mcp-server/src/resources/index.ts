import type { FastMCP } from 'fastmcp';

export async function loadResources(server: FastMCP): Promise<void> {}
