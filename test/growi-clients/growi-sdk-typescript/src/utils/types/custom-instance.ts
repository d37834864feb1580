import type { AxiosRequestConfig } from 'axios';

export type CustomInstanceOptions = {
  appName?: string;
  axiosOptions?: AxiosRequestConfig;
};
